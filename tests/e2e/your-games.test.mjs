// Your games: each finished game kept on the device (IndexedDB) with its replay, listed in Stats
// per game, the latest first, as a player remembers it (when, the board, how it ended, its
// figure, whose play), and opening its replay. Where the browser refuses the database, the
// games finished on the page are listed still, and that is said; a damaged game kept is left out,
// and said, never hiding the rest.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { desktop, fifteenSolution, newPage, phone, settle, useBrowser } from './harness.mjs';

const env = useBrowser();

/** The rows of the list shown: [result, about, Watch's name]. */
const rows = (page) => page.$$eval('.your-games li', (items) => items.map((li) => [
  li.querySelector('.your-game-result').textContent,
  li.querySelector('.your-game-about').textContent,
  li.querySelector('button').getAttribute('aria-label'),
]));

async function solveFifteen(page, click) {
  for (const tile of await fifteenSolution(page)) {
    await click(`#tiles [data-tile="${tile}"]`);
    await settle(page);
  }
  await page.locator('#game-over').waitFor({ state: 'visible' });
}

test('desktop, Fifteen: a solved puzzle is listed in Stats, practice marked, kept past a reload, and Watch opens its replay', async () => {
  const { context, page, errors } = await newPage(env.browser, desktop);
  await page.goto(`${env.server.url}fifteen.html#size=3/seed=2024`);
  await page.waitForFunction(() => location.pathname.endsWith('/fifteen.html') && location.hash === '' && window.gridplay.game()?.width() === 3);
  const click = (selector) => page.click(selector);
  await solveFifteen(page, click);
  const firstMoves = await page.evaluate(() => window.gridplay.game().moveCount());
  const firstSave = await page.evaluate(() => window.gridplay.game().save());
  // Again, from its start: practice.
  await page.click('#game-over-restart');
  await page.waitForFunction(() => window.gridplay.game().moveCount() === 0);
  await solveFifteen(page, click);
  await page.click('#game-over-close');
  await page.click('#stats-button');
  await page.locator('.your-games li').nth(1).waitFor();
  const listed = await rows(page);
  assert.equal(listed.length, 2);
  assert.equal(listed[0][0], `Solved, ${firstMoves} moves`);
  assert.match(listed[0][1], /^3×3 · practice$/, 'the latest first, marked practice');
  assert.equal(listed[1][1], '3×3', 'the first, the player\'s own, marked as nothing else');
  assert.match(listed[1][2], new RegExp(`^Watch: Solved, ${firstMoves} moves, 3×3, `));

  // Kept on the device: there after a reload, and Watch opens the replay of the first.
  await page.reload();
  await page.waitForFunction(() => window.gridplay?.game());
  await page.click('#game-over-close');
  await page.click('#stats-button');
  await page.locator('.your-games li').nth(1).waitFor();
  assert.equal((await rows(page)).length, 2);
  await page.locator('.your-games li').nth(1).locator('button').click();
  await page.waitForSelector('.replay-bar');
  assert.equal(await page.evaluate(() => document.querySelector('#stats').open), false, 'the panel closed');
  assert.equal(await page.textContent('.replay-where'), `Move 0 of ${firstMoves}`);
  assert.ok((await page.evaluate(() => location.hash)).endsWith(`replay=${firstSave}`));
  assert.deepEqual(errors, []);
  await context.close();
});

test('phone, tic-tac-toe for two: a game ended is listed at once in the open panel, for two players; home\'s Stats lists it too', async () => {
  const { context, page, errors } = await newPage(env.browser, phone);
  await page.goto(`${env.server.url}tictactoe.html`);
  // The new deal kept as the page started, before the mode is written by hand.
  await page.waitForFunction(() => window.gridplay?.game());
  await page.evaluate(() => window.gridplay.idle());
  await page.evaluate(() => localStorage.setItem('gridplay.tictactoe.mode', JSON.stringify({ opponent: 'two', starter: 'you' })));
  await page.reload();
  await page.waitForFunction(() => window.gridplay?.game());
  for (const cell of [0, 1, 4, 2, 8]) {
    await page.tap(`.ttt-cell[data-cell="${cell}"]`);
    await settle(page);
  }
  await page.tap('#stats-button');
  await page.locator('.your-games li').first().waitFor();
  const [[result, about]] = await rows(page);
  assert.equal(result, 'X wins: a diagonal, 5 moves');
  assert.equal(about, 'for two players');
  // The row fits the panel on a phone: its Watch is inside the list's box.
  const [list, watch] = await Promise.all(['.your-games', '.your-games li button'].map((s) => page.locator(s).first().boundingBox()));
  assert.ok(watch.x + watch.width <= list.x + list.width + 0.5, 'Watch within the list');
  await page.tap('.your-games li button');
  await page.waitForSelector('.replay-bar');
  await page.tap('.replay-button[data-act="close"]');
  // From home: the same list, and Watch opens the game's screen with the replay over it.
  await page.goto(`${env.server.url}`);
  await page.tap('#stats-button');
  await page.tap('.stats-picker label:has(input[value="tictactoe"])');
  await page.locator('.your-games li').first().waitFor();
  await page.tap('.your-games li button');
  await page.waitForSelector('.replay-bar');
  assert.equal(await page.evaluate(() => window.gridplay.route()), 'tictactoe');
  assert.deepEqual(errors, []);
  await context.close();
});

test('where the browser refuses IndexedDB, the games finished on the page are listed still, and it says they are not kept', async () => {
  const { context, page, errors } = await newPage(env.browser, desktop, {
    init: () => Object.defineProperty(window, 'indexedDB', { get() { throw new DOMException('refused', 'SecurityError'); } }),
  });
  await page.goto(`${env.server.url}fifteen.html#size=3/seed=77`);
  await page.waitForFunction(() => location.pathname.endsWith('/fifteen.html') && location.hash === '' && window.gridplay.game()?.width() === 3);
  await solveFifteen(page, (selector) => page.click(selector));
  await page.waitForFunction(() => [...document.querySelectorAll('.notice')].some((n) => /not let the page keep your games/.test(n.textContent)));
  await page.click('#game-over-close');
  await page.click('#stats-button');
  await page.locator('.your-games li').first().waitFor();
  assert.equal((await rows(page)).length, 1);
  assert.match(await page.textContent('.your-games-box .setting-note'), /until you leave/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a damaged game kept in IndexedDB is left out and said, and the good ones beside it are listed', async () => {
  const { context, page, errors } = await newPage(env.browser, desktop);
  await page.goto(`${env.server.url}fifteen.html#size=3/seed=2024`);
  await page.waitForFunction(() => location.pathname.endsWith('/fifteen.html') && location.hash === '' && window.gridplay.game()?.width() === 3);
  // Beside the game the page keeps: two that cannot be read (an ending that is no text, a time
  // that is no number), and one odd but whole (an ending that says nothing: "!").
  await page.evaluate(() => new Promise((resolve, reject) => {
    const request = indexedDB.open('gridplay-games', 1);
    // The store's own shape, where this comes before the page makes it.
    request.onupgradeneeded = () => request.result.createObjectStore('games', { keyPath: ['game', 'id'] }).createIndex('game-at', ['game', 'at']);
    request.onerror = () => reject(request.error);
    request.onsuccess = () => {
      const transaction = request.result.transaction('games', 'readwrite');
      const store = transaction.objectStore('games');
      const at = Date.now();
      store.put({ game: 'fifteen', id: 'ending', at: at - 1000, save: 'x', outcome: '', ending: 42 });
      store.put({ game: 'fifteen', id: 'time', at: 'yesterday', save: 'x', outcome: 'won' });
      store.put({ game: 'fifteen', id: 'odd', at: at - 2000, save: 'x', outcome: '', ending: '!', moves: 3 });
      transaction.oncomplete = () => {
        request.result.close();
        resolve();
      };
      transaction.onabort = () => reject(transaction.error);
    };
  }));
  await solveFifteen(page, (selector) => page.click(selector));
  await page.click('#game-over-close');
  await page.click('#stats-button');
  await page.locator('.your-games li').nth(1).waitFor();
  const listed = await rows(page);
  assert.equal(listed.length, 2);
  assert.match(listed[0][0], /^Solved, \d+ moves$/, 'the game just solved, the latest');
  assert.equal(listed[1][0], 'Finished, 3 moves');
  assert.equal(await page.textContent('.your-games-damaged'), '2 kept games could not be read and are not listed.');
  assert.equal(await page.locator('.your-games-damaged').isVisible(), true);
  assert.deepEqual(errors, []);
  await context.close();
});

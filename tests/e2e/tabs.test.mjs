// One game in two tabs of one browser, as a player leaves them open: no move, best, result or
// setting is lost whichever tab acts. A tab follows the game another tab keeps, saying so; a
// tab that has heard nothing of a newer game (asleep in the background) follows it before it
// applies any input of its own; tabs on different games, or on a replay, leave each other be.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { desktop, keepValues, recordOf, settle, useBrowser, watchCsp } from './harness.mjs';

const env = useBrowser();

const KEYS = ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown'];

/** Two tabs of one fresh browser profile, each opened on `hashes[i]` (the first opened first). */
async function twoTabs(hashes, { stored = {} } = {}) {
  const context = await env.browser.newContext(desktop);
  // Bounded only so that a hung test ends: a busy or slow machine may take its time.
  context.setDefaultTimeout(60_000);
  await watchCsp(context);
  const errors = [];
  const tabs = [];
  for (const hash of hashes) {
    const page = await context.newPage();
    page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
    page.on('pageerror', (err) => errors.push(String(err)));
    if (tabs.length === 0 && Object.keys(stored).length > 0) {
      await page.goto(`${env.server.url}`);
      await page.evaluate((entries) => {
        for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
      }, stored);
    }
    await page.goto(`${env.server.url}${hash}`);
    await page.waitForFunction(() => window.gridplay?.game() || window.gridplay?.route() === 'home');
    await settle(page);
    tabs.push(page);
  }
  return { context, tabs, errors };
}

const moveCount = (page) => page.evaluate(() => window.gridplay.game().moveCount());
const saveOf = (page) => page.evaluate(() => window.gridplay.game().save());
const kept = (page, key) => page.evaluate((k) => localStorage.getItem(k), key);
const toldOtherTab = (page) => page.locator('.notice[data-notice="other-tab"]').count();

/** Plays `n` moves of a direction game in `page` with the arrow keys (skipping keys that move nothing). */
async function play(page, n) {
  const target = (await moveCount(page)) + n;
  for (let i = 0; (await moveCount(page)) < target; i += 1) {
    assert.ok(i < 40 * n, 'the moves could be played');
    await page.keyboard.press(KEYS[i % 4]);
    await settle(page);
  }
}

/** Waits until `page` shows a game of `n` moves. */
async function showsMoves(page, n) {
  await page.waitForFunction((count) => window.gridplay.game()?.moveCount() === count && !window.gridplay.busy(), n);
}

/** True iff the game `save` holds begins with the `before` game's moves (none of them lost). */
const extends_ = (page, save, before) => page.evaluate(([after, prefix]) => {
  const Game = window.gridplay.game().constructor;
  return Game.load(after).atStep(Game.load(prefix).moveCount()).save() === prefix;
}, [save, before]);

/** Keeps `save` under `key` (gridplay.<route>[.<slot>]) as a tab keeps a game: its record
 * (store/records.js) over whatever is there, then storage's copy. */
const keepAs = (page, key, save) => keepValues(page, { [`${key}.save`]: save });

/**
 * Makes `stale` hear nothing more of other tabs' writes, as a tab asleep in the background (or
 * frozen in the back-forward cache) does: it learns of them only as it acts.
 */
async function asleep(stale) {
  // (Storage events reach a page's listeners in the order they were added: the page's own is
  // wrapped as it is added, at a load.)
  await stale.addInitScript(() => {
    const add = window.addEventListener;
    window.addEventListener = function listen(type, listener, ...rest) {
      const heard = type === 'storage' ? (event) => globalThis.asleep || listener.call(this, event) : listener;
      return add.call(this, type, heard, ...rest);
    };
  });
  await stale.reload();
  await stale.waitForFunction(() => window.gridplay?.game());
  await settle(stale);
  await stale.evaluate(() => { globalThis.asleep = true; });
}

test('a stale tab\'s move: the tab brought back shows the other tab\'s game, says so, and its key extends that game', async () => {
  const { context, tabs: [older, newer], errors } = await twoTabs(['2048.html', '2048.html']);
  await play(newer, 7);
  const seven = await saveOf(newer);
  // The older tab, brought back to the front, shows the newer game before any key of its own.
  await older.bringToFront();
  await showsMoves(older, 7);
  assert.equal(await saveOf(older), seven);
  assert.equal(await toldOtherTab(older), 1, 'a notice says the game moved on in another tab');
  assert.match(await older.textContent('#announcer'), /another tab/);
  await play(older, 1);
  await newer.reload();
  await newer.waitForFunction(() => window.gridplay?.game());
  assert.equal(await moveCount(newer), 8, 'the seven moves and the eighth, none lost');
  assert.ok(await extends_(newer, await saveOf(newer), seven));
  assert.deepEqual(errors, []);
  await context.close();
});

test('a New game in one tab: the other shows it and says a new game was started there, not that this one was played on', async () => {
  const { context, tabs: [watching, dealing], errors } = await twoTabs(['2048.html', '2048.html']);
  const notice = () => watching.locator('.notice[data-notice="other-tab"] .notice-text').textContent();
  const said = () => watching.textContent('#announcer');
  await play(dealing, 3);
  await showsMoves(watching, 3);
  // Moves made there: played on there.
  assert.match(await notice(), /played on in another tab/);
  assert.match(await said(), /played on in another tab/);
  await dealing.click('#new-game');
  await dealing.click('#confirm-ok');
  await settle(dealing);
  const fresh = await saveOf(dealing);
  assert.equal(await moveCount(dealing), 0);
  await watching.waitForFunction((save) => window.gridplay.game().save() === save && !window.gridplay.busy(), fresh);
  assert.match(await notice(), /^A new game was started in another tab/);
  assert.match(await said(), /^New game started in another tab\./);
  assert.doesNotMatch(`${await notice()} ${await said()}`, /played on/);
  assert.equal(await toldOtherTab(watching), 1, 'one notice, in words for the new game');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a tab that heard nothing of a newer game follows it before its own key, which is not applied to the old board', async () => {
  const { context, tabs: [stale, other], errors } = await twoTabs(['2048.html', '2048.html']);
  // A tab asleep in the background hears nothing.
  await asleep(stale);
  await play(other, 5);
  const five = await saveOf(other);
  assert.equal(await moveCount(stale), 0, 'still showing the old board');
  await stale.keyboard.press('ArrowLeft');
  await settle(stale);
  assert.equal(await saveOf(stale), five, 'the key was not applied: the newer game is shown as it is');
  assert.equal(await kept(stale, 'gridplay.2048.save'), five, 'and kept as it was');
  assert.equal(await toldOtherTab(stale), 1);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a stale tab\'s New game asks first about the newer game, which stays if the player keeps it', async () => {
  const { context, tabs: [stale, other], errors } = await twoTabs(['2048.html', '2048.html']);
  // Even if the stale tab heard nothing: its board shows no move, yet its New game must not
  // deal over seven moves made elsewhere without asking.
  await asleep(stale);
  await play(other, 7);
  const seven = await saveOf(other);
  assert.equal(await moveCount(stale), 0, 'still showing the old board');
  await stale.bringToFront();
  await stale.click('#new-game');
  await stale.locator('#confirm-dialog[open]').waitFor();
  await showsMoves(stale, 7);
  await stale.click('#confirm-cancel');
  assert.equal(await kept(stale, 'gridplay.2048.save'), seven);
  await other.reload();
  await other.waitForFunction(() => window.gridplay?.game());
  assert.equal(await saveOf(other), seven, 'the seven moves are still there');
  // Confirmed, New game deals afresh, and the other tab follows.
  await stale.click('#new-game');
  await stale.click('#confirm-ok');
  await showsMoves(stale, 0);
  await showsMoves(other, 0);
  assert.equal(await saveOf(other), await saveOf(stale));
  assert.deepEqual(errors, []);
  await context.close();
});

test('an undo in one tab while the other plays: both tabs end on the same game, the undo and every later move in it', async () => {
  const { context, tabs: [a, b], errors } = await twoTabs(['2048.html', '2048.html']);
  await play(a, 3);
  const two = await a.evaluate(() => {
    const Game = window.gridplay.game().constructor;
    return Game.load(window.gridplay.game().save()).atStep(2).save();
  });
  await showsMoves(b, 3);
  await b.bringToFront();
  await b.keyboard.press('u');
  await showsMoves(b, 2);
  await showsMoves(a, 2);
  assert.equal(await saveOf(a), two);
  await a.bringToFront();
  await play(a, 2);
  await showsMoves(b, 4);
  assert.equal(await saveOf(b), await saveOf(a));
  assert.ok(await extends_(a, await saveOf(a), two));
  assert.deepEqual(errors, []);
  await context.close();
});

test('the day\'s deal played in two tabs: one game, kept apart from the free game, its result kept and counted once', async () => {
  const { context, tabs: [a, b], errors } = await twoTabs(['threes.html#daily', 'threes.html#daily']);
  const free = await kept(a, 'gridplay.threes.save');
  await play(a, 2);
  await showsMoves(b, 2);
  await b.bringToFront();
  await play(b, 1);
  await showsMoves(a, 3);
  // One move from the end, kept by tab a (as if played there), then finished in tab b.
  const finish = await a.evaluate(() => {
    const Game = window.gridplay.game().constructor;
    const game = Game.load(window.gridplay.game().save());
    const directions = ['left', 'up', 'right', 'down'];
    for (let i = 0; game.status() === 'playing'; i += 1) game.play(directions[i % 4]).ok || game.play(directions[(i + 1) % 4]).ok;
    const last = game.lastMove().direction;
    game.undo();
    return { save: game.save(), key: { up: 'ArrowUp', down: 'ArrowDown', left: 'ArrowLeft', right: 'ArrowRight' }[last] };
  });
  await keepAs(a, 'gridplay.threes.daily', finish.save);
  await b.waitForFunction(() => window.gridplay.game().moveCount() > 3);
  await b.keyboard.press(finish.key);
  await b.locator('#game-over[open]').waitFor();
  await a.waitForFunction(() => (window.gridplay.game().status() !== 'playing'));
  const results = JSON.parse(await kept(a, 'gridplay.daily.results'));
  assert.equal(Object.keys(results).length, 1, 'the day\'s result, once');
  const stats = JSON.parse(await kept(a, 'gridplay.stats'));
  assert.equal(stats.threes.played, 1, 'counted once, though both tabs show it ended');
  // The tab that followed the ended game counts nothing more on a reload either.
  await a.reload();
  await a.waitForFunction(() => window.gridplay?.game());
  await settle(a);
  assert.equal(JSON.parse(await kept(a, 'gridplay.stats')).threes.played, 1);
  assert.equal(await kept(a, 'gridplay.threes.save'), free, 'the free game untouched');
  assert.deepEqual(errors, []);
  await context.close();
});

test('three tic-tac-toe games finished across two tabs count three, in the stats and the tally', async () => {
  const { context, tabs: [a, b], errors } = await twoTabs(['tictactoe.html', 'tictactoe.html']);
  // Two players; X takes the top row: 0, 3, 1, 4, 2.
  const win = async (page) => {
    await page.bringToFront();
    for (const cell of [0, 3, 1, 4, 2]) {
      await page.click(`.ttt-cell[data-cell="${cell}"]`);
      await settle(page);
    }
    assert.equal(await page.evaluate(() => (window.gridplay.game().readouts().winner || null)), 'X');
  };
  await win(a);
  await b.waitForFunction(() => (window.gridplay.game().status() !== 'playing'));
  await b.click('#play-again');
  await win(b);
  await a.waitForFunction(() => (window.gridplay.game().status() !== 'playing') && window.gridplay.game().moveCount() === 5);
  await a.click('#play-again');
  await win(a);
  const stats = JSON.parse(await kept(a, 'gridplay.stats'));
  assert.equal(stats.tictactoe.apart.two, 3, 'two players\' games, apart from the player\'s own');
  await b.waitForFunction(() => document.getElementById('tally').textContent.replaceAll('\u00a0', ' ').startsWith('X won 3'));
  assert.match((await a.textContent('#tally')).replaceAll('\u00a0', ' '), /^X won 3 · O won 0 · Draws 0$/);
  assert.equal(await kept(a, 'gridplay.tictactoe.played'), '3');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a tab reloaded while another plays comes back on the game as it is, and goes on following it', async () => {
  const { context, tabs: [a, b], errors } = await twoTabs(['2048.html', '2048.html']);
  await play(a, 3);
  await b.reload();
  await b.waitForFunction(() => window.gridplay?.game());
  assert.equal(await moveCount(b), 3);
  await play(a, 3);
  const six = await saveOf(a);
  await showsMoves(b, 6);
  await b.bringToFront();
  await play(b, 1);
  await showsMoves(a, 7);
  assert.ok(await extends_(a, await saveOf(a), six));
  assert.deepEqual(errors, []);
  await context.close();
});

test('tabs on different games leave each other be; a replay open in one tab stays while the other plays, then shows the game as it is', async () => {
  const { context, tabs: [a, b], errors } = await twoTabs(['2048.html', 'threes.html']);
  await play(a, 2);
  await play(b, 2);
  assert.equal(await moveCount(a), 2);
  assert.equal(await moveCount(b), 2);
  assert.equal(await toldOtherTab(a) + await toldOtherTab(b), 0);

  // b watches a's 2048 game's replay while a plays on.
  const replay = await saveOf(a);
  await b.goto(`${env.server.url}2048.html#replay=${replay}`);
  await b.locator('.replay-bar').waitFor();
  await b.keyboard.press('End');
  assert.equal(await b.textContent('.replay-where'), 'Move 2 of 2');
  await play(a, 3);
  await b.waitForTimeout(300);
  assert.equal(await b.textContent('.replay-where'), 'Move 2 of 2', 'the viewer is untouched');
  assert.equal(await toldOtherTab(b), 0);
  await b.click('.replay-button[data-act="close"]');
  await settle(b);
  assert.equal(await saveOf(b), await saveOf(a), 'closed, it shows the game as the other tab left it');
  assert.equal(await kept(b, 'gridplay.2048.save'), await saveOf(a));
  assert.deepEqual(errors, []);
  await context.close();
});

test('a best kept in another tab is never written over by a lower one; a setting changed there applies here and is kept', async () => {
  const { context, tabs: [a, b], errors } = await twoTabs(['2048.html', '2048.html']);
  // A best the other tab kept, unheard here: a scoring move must not write a lower one over it.
  await keepValues(b, { 'gridplay.2048.best': '999999' });
  await b.bringToFront();
  for (let i = 0; (await b.evaluate(() => window.gridplay.game().readouts().score)) === 0; i += 1) {
    assert.ok(i < 100);
    await b.keyboard.press(KEYS[i % 4]);
    await settle(b);
  }
  assert.equal(await kept(b, 'gridplay.2048.best'), '999999');
  assert.equal(await b.textContent('#best'), '999999', 'and shown');
  await a.waitForFunction(() => document.getElementById('best').textContent === '999999');

  // Settings: dark chosen in a, motion off in b: both kept, both applied in both.
  await a.bringToFront();
  await a.click('#settings-button');
  await a.check('input[name="theme"][value="dark"]');
  await b.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
  await b.bringToFront();
  await b.click('#settings-button');
  await b.check('input[name="motion"][value="off"]');
  await a.waitForFunction(() => document.documentElement.dataset.motion === 'off');
  assert.deepEqual(JSON.parse(await kept(a, 'gridplay.settings')), { theme: 'dark', motion: 'off', vibrate: false, letters: true, short: false });
  assert.equal(await a.isChecked('input[name="motion"][value="off"]'), true, 'the open dialog shows it');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the clock of a game played in two tabs goes on from the most either counted, kept with that game', async () => {
  const { context, tabs: [a, b], errors } = await twoTabs(['fifteen.html', 'fifteen.html']);
  await a.bringToFront();
  await play(a, 1);
  await a.waitForFunction(() => Number(document.getElementById('clock').dataset.ms) >= 600);
  await play(a, 1);
  const clock = JSON.parse(await kept(a, 'gridplay.fifteen.clock'));
  const attempt = JSON.parse(await kept(a, 'gridplay.fifteen.attempt'));
  assert.equal(clock.id, attempt.id, 'kept with this game');
  assert.ok(clock.ms >= 600);
  await showsMoves(b, 2);
  assert.ok(Number(await b.getAttribute('#clock', 'data-ms')) >= clock.ms, 'the tab that follows shows the time played, not zero');
  await b.bringToFront();
  await play(b, 1);
  assert.ok(JSON.parse(await kept(b, 'gridplay.fifteen.clock')).ms >= clock.ms, 'and keeps no less');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a tab of an older version does not write over a game a newer version keeps: it says so, and offers to reload', async () => {
  const { context, tabs: [page], errors } = await twoTabs(['2048.html']);
  await play(page, 2);
  // The moves kept before the record is read and a newer one written over it by hand.
  await page.evaluate(() => window.gridplay.idle());
  const record = await recordOf(page, 'gridplay.2048.save');
  assert.equal(record.value, await saveOf(page), 'the game is kept in the records');
  // As a newer version of the page would keep it (a shape this one does not know).
  const newer = { value: { save: record.value, more: 'what a newer version keeps' }, seq: record.seq + 1, format: record.format + 1 };
  await page.evaluate((rec) => new Promise((resolve) => {
    const request = indexedDB.open('gridplay');
    request.onsuccess = () => {
      const transaction = request.result.transaction('records', 'readwrite');
      transaction.objectStore('records').put(rec, 'gridplay.2048.save');
      transaction.oncomplete = () => { request.result.close(); resolve(); };
    };
  }), newer);
  const before = await moveCount(page);
  for (const key of KEYS) await page.keyboard.press(key);
  await settle(page);
  assert.equal(await moveCount(page), before, 'no move played');
  assert.deepEqual(await recordOf(page, 'gridplay.2048.save'), newer, 'the newer record stands');
  assert.equal(await page.locator('.notice[data-notice="outdated"] button', { hasText: 'Reload' }).count(), 1);
  assert.match(await page.textContent('#announcer'), /Not played: a newer version/i);
  assert.deepEqual(errors, []);
  await context.close();
});

test('where IndexedDB is refused, localStorage alone keeps the game and its best, and the page says nothing', async () => {
  const context = await env.browser.newContext(desktop);
  // Bounded only so that a hung test ends: a busy or slow machine may take its time.
  context.setDefaultTimeout(60_000);
  await watchCsp(context);
  // As a sandboxed frame or an embedded view refuses it.
  await context.addInitScript(() => {
    IDBFactory.prototype.open = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
  });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (err) => errors.push(String(err)));
  page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
  await page.goto(`${env.server.url}2048.html`);
  await page.waitForFunction(() => window.gridplay?.game());
  await play(page, 4);
  const save = await saveOf(page);
  assert.equal(await kept(page, 'gridplay.2048.save'), save);
  assert.ok(Number(await kept(page, 'gridplay.2048.best')) > 0, 'a best kept');
  await page.reload();
  await page.waitForFunction(() => window.gridplay?.game());
  assert.equal(await saveOf(page), save, 'the game comes back');
  assert.equal(await page.locator('.notice').count(), 0, 'nothing to say: the game is kept');
  assert.deepEqual(errors, []);
  await context.close();
});

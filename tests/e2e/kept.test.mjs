// What becomes of a tab's moves when the browser's storage is not simply there: a newer version
// of the page takes the database, another tab blocks its deletion, the disk is full. Play goes
// on in every case; what is not kept is said, plainly, once; what was kept stays kept.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { desktop, noticeShown, recordOf, settle, useBrowser, watchCsp } from './harness.mjs';
import { SCHEMA } from '../../www/js/store/records.js';

const env = useBrowser();
const KEYS = ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown'];

const moveCount = (page) => page.evaluate(() => window.gridplay.game().moveCount());
const saveOf = (page) => page.evaluate(() => window.gridplay.game().save());

async function context({ init = null } = {}) {
  const ctx = await env.browser.newContext(desktop);
  // Bounded only so that a hung test ends: a busy or slow machine may take its time.
  ctx.setDefaultTimeout(60_000);
  ctx.setDefaultTimeout(60_000);
  await watchCsp(ctx);
  if (init) await ctx.addInitScript(init);
  // The game pages' errors (not a bare page's: it asks for a tab icon the site does not have).
  const errors = [];
  ctx.errors = errors;
  return { ctx, errors };
}

async function openGame(ctx, hash = '2048.html') {
  const page = await ctx.newPage();
  page.on('pageerror', (err) => ctx.errors.push(String(err)));
  page.on('console', (msg) => msg.type() === 'error' && ctx.errors.push(msg.text()));
  await page.goto(`${env.server.url}${hash}`);
  await page.waitForFunction(() => window.gridplay?.game());
  await settle(page);
  return page;
}

/** A page of the site that runs none of its code (for a hand on IndexedDB: a newer version, a
 * tab that holds the database). */
async function bare(ctx) {
  const page = await ctx.newPage();
  await page.goto(`${env.server.url}games.json`);
  return page;
}

/** Plays `n` moves with the arrow keys (skipping keys that move nothing). */
async function play(page, n) {
  const target = (await moveCount(page)) + n;
  for (let i = 0; (await moveCount(page)) < target; i += 1) {
    assert.ok(i < 40 * n, 'the moves could be played');
    await page.keyboard.press(KEYS[i % 4]);
    await settle(page);
  }
}

test('a newer version opens the database: the older tab lets it, stops writing at once, says so and offers Reload; an older page opened later does the same', async () => {
  const { ctx, errors } = await context();
  const older = await openGame(ctx);
  await play(older, 2);
  // The moves kept before a newer version takes the database by hand.
  await older.evaluate(() => window.gridplay.idle());
  const kept = await saveOf(older);
  const newer = await bare(ctx);
  // The newer version's upgrade is not blocked: the older tab let go.
  const opened = await newer.evaluate((version) => new Promise((resolve) => {
    const request = indexedDB.open('gridplay', version);
    request.onsuccess = () => { globalThis.newerDb = request.result; resolve('opened'); };
    request.onblocked = () => resolve('blocked');
    request.onerror = () => resolve(String(request.error));
  }), SCHEMA + 1);
  assert.equal(opened, 'opened');
  // Said at once, before any key.
  await older.locator('.notice[data-notice="outdated"] button', { hasText: 'Reload' }).waitFor();
  const before = await moveCount(older);
  for (const key of KEYS) await older.keyboard.press(key);
  await settle(older);
  assert.equal(await moveCount(older), before, 'no move played');
  assert.match(await older.textContent('#announcer'), /Not played: a newer version/i);
  // A page of this version opened now: it shows the game, plays nothing, says why.
  const late = await openGame(ctx);
  assert.equal(await saveOf(late), kept);
  await late.locator('.notice[data-notice="outdated"] button', { hasText: 'Reload' }).waitFor();
  for (const key of KEYS) await late.keyboard.press(key);
  await settle(late);
  assert.equal(await moveCount(late), 2);
  // The newer version keeps its database: it reads and writes.
  assert.equal(await newer.evaluate(() => new Promise((resolve) => {
    const stores = [...globalThis.newerDb.objectStoreNames];
    const transaction = globalThis.newerDb.transaction(stores[0], 'readwrite');
    transaction.objectStore(stores[0]).put('x', 'newer');
    transaction.oncomplete = () => resolve('written');
    transaction.onerror = () => resolve(String(transaction.error));
  })), 'written');
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('a deletion of the database blocked by another tab: a tab opened meanwhile plays at once, says its moves are not kept yet, and keeps them once it is done', async () => {
  const { ctx, errors } = await context();
  const first = await openGame(ctx);
  await play(first, 1);
  // A tab that holds the database and never lets go, and one that deletes it.
  const holder = await bare(ctx);
  await holder.evaluate(() => new Promise((resolve) => {
    const request = indexedDB.open('gridplay');
    request.onsuccess = () => { globalThis.held = request.result; resolve(); };
  }));
  await holder.evaluate(() => {
    globalThis.deleted = false;
    indexedDB.deleteDatabase('gridplay').onsuccess = () => { globalThis.deleted = true; };
  });
  const late = await openGame(ctx);
  await play(late, 3);
  assert.equal(await holder.evaluate(() => globalThis.deleted), false, 'still blocked');
  await late.locator('.notice[data-notice="unkept"]', { hasText: 'not kept yet' }).waitFor();
  // The holder lets go: the deletion is done, and the tab's game is kept again.
  await holder.evaluate(() => globalThis.held.close());
  await holder.waitForFunction(() => globalThis.deleted);
  await noticeShown(late, 'unkept', 'kept again');
  await late.evaluate(() => window.gridplay.idle());
  const record = await recordOf(late, 'gridplay.2048.save');
  assert.equal(record?.value, await saveOf(late), 'the game as the late tab shows it is kept');
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('the disk full: play goes on, the player is told once that the moves cannot be kept because storage is full, and what was kept stays kept', async () => {
  const { ctx, errors } = await context({
    // As a full disk refuses: every write of the records' once `full` is set.
    init: () => {
      const put = IDBObjectStore.prototype.put;
      IDBObjectStore.prototype.put = function full(...args) {
        if (globalThis.full) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        return put.apply(this, args);
      };
    },
  });
  const page = await openGame(ctx);
  await play(page, 2);
  await page.evaluate(() => window.gridplay.idle());
  const kept = await recordOf(page, 'gridplay.2048.save');
  assert.equal(kept.value, await saveOf(page));
  await page.evaluate(() => { globalThis.full = true; });
  await play(page, 4);
  assert.equal(await moveCount(page), 6, 'play goes on');
  const notices = page.locator('.notice[data-notice="unkept"]');
  await notices.waitFor();
  assert.match(await notices.textContent(), /storage is full/);
  assert.equal(await notices.count(), 1, 'said once');
  assert.deepEqual(await recordOf(page, 'gridplay.2048.save'), kept, 'what was kept stays kept');
  assert.deepEqual(errors.filter((e) => !/quota/i.test(e)), []);
  await ctx.close();
});

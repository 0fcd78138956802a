// The finished games' store (www/js/store/finished-games.js): fake-indexeddb stands in for the
// browser's database; a factory that refuses stands in for a private window's, and a write
// undone with a QuotaExceededError for a full disk's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { IDBFactory, IDBKeyRange, IDBObjectStore } from 'fake-indexeddb';
import { FinishedGames, KEPT_GAMES, finishedOf, isStorageFull } from '../../www/js/store/finished-games.js';

globalThis.IDBKeyRange ??= IDBKeyRange;

const entry = (game, id, at, extra = {}) => ({ game, id, at, save: `${game}:${id}`, outcome: 'won', ...extra });

test('a game kept is listed with its replay, the latest first, and each game apart', async () => {
  const games = await FinishedGames.open({ indexedDB: new IDBFactory(), name: 'site' });
  assert.equal(games.kept, true);
  assert.equal(await games.keep(entry('2048', 'a', 1)), 'kept');
  await games.keep(entry('2048', 'b', 3));
  await games.keep(entry('mines', 'a', 2));
  assert.deepEqual((await games.list('2048')).games.map((g) => g.save), ['2048:b', '2048:a']);
  assert.deepEqual((await games.list('mines')).games.map((g) => g.id), ['a']);
  assert.deepEqual(await games.list('threes'), { games: [], damaged: 0 });
  games.close();
});

test('an attempt ended again after an undo is listed once, as it ended last', async () => {
  const games = await FinishedGames.open({ indexedDB: new IDBFactory(), name: 'site' });
  await games.keep(entry('fifteen', 'x', 5, { moves: 80 }));
  await games.keep(entry('fifteen', 'x', 9, { moves: 84 }));
  const { games: listed } = await games.list('fifteen');
  assert.equal(listed.length, 1);
  assert.equal(listed[0].moves, 84);
  games.close();
});

test('past the number kept, the oldest of that game go, and no other game’s', async () => {
  const games = await FinishedGames.open({ indexedDB: new IDBFactory(), name: 'site' });
  await games.keep(entry('threes', 'other', 0));
  for (let i = 1; i <= 7; i += 1) await games.keep(entry('2048', `g${i}`, i * 10), 5);
  assert.deepEqual((await games.list('2048')).games.map((g) => g.id), ['g7', 'g6', 'g5', 'g4', 'g3']);
  assert.equal((await games.list('threes')).games.length, 1);
  assert.equal(KEPT_GAMES, 100);
  games.close();
});

test('what another tab keeps, this one lists', async () => {
  const indexedDB = new IDBFactory();
  const one = await FinishedGames.open({ indexedDB, name: 'site' });
  const two = await FinishedGames.open({ indexedDB, name: 'site' });
  await one.keep(entry('mines', 'a', 1));
  await two.keep(entry('mines', 'b', 2));
  assert.deepEqual((await one.list('mines')).games.map((g) => g.id), ['b', 'a']);
  one.close();
  two.close();
});

test('refused by the browser, the games finished on this page are still listed, and said to be unkept', async () => {
  const refusing = { open() { throw new DOMException('refused', 'SecurityError'); } };
  const games = await FinishedGames.open({ indexedDB: refusing });
  assert.equal(games.kept, false);
  assert.equal(await games.keep(entry('2048', 'a', 1)), 'unavailable');
  assert.deepEqual((await games.list('2048')).games.map((g) => g.id), ['a']);
});

test('a write the database refuses (a full disk) keeps the game in memory, listed with the kept ones', async () => {
  const games = await FinishedGames.open({ indexedDB: new IDBFactory(), name: 'site' });
  await games.keep(entry('2048', 'a', 1));
  // A value the database cannot hold fails the write as a refused quota would.
  const refused = entry('2048', 'b', 2, { unclonable: () => {} });
  assert.equal(await games.keep(refused), 'refused', 'refused, not full: the disk is not blamed');
  assert.deepEqual((await games.list('2048')).games.map((g) => g.id), ['b', 'a']);
  games.close();
});

/**
 * Makes every write of the database's undone by a full disk, as a browser does: the
 * transaction aborts with a QuotaExceededError once its write is made. Returns what undoes it.
 */
function fillDisk() {
  const put = IDBObjectStore.prototype.put;
  IDBObjectStore.prototype.put = function (...args) {
    const request = put.apply(this, args);
    const { transaction } = this;
    const full = new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    // abort() leaves a transaction's error null; a browser's own abort sets the cause.
    Object.defineProperty(transaction, 'error', { get: () => full, set() {} });
    request.addEventListener('success', () => transaction.abort());
    return request;
  };
  return () => {
    IDBObjectStore.prototype.put = put;
  };
}

/** Puts `values` into the store as they are, as another version or a disk's fault might have. */
async function putRaw(games, values) {
  await new Promise((resolve, reject) => {
    const transaction = games._db.transaction('games', 'readwrite');
    for (const value of values) transaction.objectStore('games').put(value);
    transaction.oncomplete = resolve;
    transaction.onabort = () => reject(transaction.error);
  });
}

test('what is not a finished game is refused', async () => {
  const games = await FinishedGames.open({ indexedDB: new IDBFactory(), name: 'site' });
  await assert.rejects(games.keep({ game: '2048', id: 'a', at: 1 }), /not a finished game/);
  await assert.rejects(games.keep(entry('2048', 'a', 1, { ending: 42 })), /not a finished game/);
  games.close();
});

test('each damaged entry is left out and counted, and the good ones beside it are listed', async () => {
  const games = await FinishedGames.open({ indexedDB: new IDBFactory(), name: 'site' });
  await games.keep(entry('2048', 'a', 1));
  await games.keep(entry('2048', 'b', 5, { outcome: '', ending: 'Game over.' }));
  const damaged = [
    { ending: 42, outcome: '' },
    { at: 'yesterday' },
    { at: null },
    { at: 1e20 },
    { save: 7 },
    { save: '' },
    { outcome: undefined },
    { outcome: 3 },
    { kind: 9 },
    { figure: {} },
    { value: 'high' },
    { moves: -1 },
    { ms: '5' },
    { standing: false },
    { daily: 'yes' },
    { day: 20260101 },
  ].map((damage, i) => ({ ...entry('2048', `bad${i}`, 2), ...damage }));
  // An id of another type is a key as good as a string, and its entry no game.
  await putRaw(games, [...damaged, { ...entry('2048', 'x', 3), id: 12 }, entry('mines', 'other', 4)]);
  const listed = await games.list('2048');
  assert.deepEqual(listed.games.map((g) => g.id), ['b', 'a']);
  assert.equal(listed.damaged, damaged.length + 1);
  assert.deepEqual(await games.list('mines'), { games: [entry('mines', 'other', 4)], damaged: 0 }, 'another game’s damage is not this one’s');
  // Ended again since, and kept in this page's memory alone: listed, so no longer counted.
  const undo = fillDisk();
  assert.equal(await games.keep(entry('2048', 'bad0', 6)), 'full');
  undo();
  const after = await games.list('2048');
  assert.deepEqual(after.games.map((g) => g.id), ['bad0', 'b', 'a']);
  assert.equal(after.damaged, damaged.length);
  games.close();
});

test('what no store could hold is no finished game either: a number, null, an array, a string', () => {
  for (const value of [7, null, undefined, [], 'game', true, [entry('2048', 'a', 1)]]) assert.equal(finishedOf(value), null);
  assert.ok(finishedOf(entry('2048', 'a', 1)));
  assert.ok(finishedOf({ ...entry('2048', 'a', 1), outcome: '' }), 'a game merely over has an outcome of its own');
});

test('a write a full disk undoes says so, keeps the game in memory, and loses none kept before', async (t) => {
  const games = await FinishedGames.open({ indexedDB: new IDBFactory(), name: 'site' });
  await games.keep(entry('threes', 'a', 1), 2);
  await games.keep(entry('threes', 'b', 2), 2);
  t.after(fillDisk());
  // Past the number kept: the oldest would go in the same transaction, which is undone.
  assert.equal(await games.keep(entry('threes', 'c', 3), 2), 'full');
  assert.equal(await games.keep(entry('threes', 'd', 4), 2), 'full');
  assert.deepEqual((await games.list('threes')).games.map((g) => g.id), ['d', 'c', 'b', 'a']);
  assert.equal(isStorageFull(new DOMException('full', 'QuotaExceededError')), true);
  assert.equal(isStorageFull(new DOMException('no', 'DataCloneError')), false);
  assert.equal(isStorageFull(null), false);
  games.close();
});

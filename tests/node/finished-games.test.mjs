// The finished games' store (www/js/store/finished-games.js): fake-indexeddb stands in for the
// browser's database; a factory that refuses stands in for a private window's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { FinishedGames, KEPT_GAMES } from '../../www/js/store/finished-games.js';

globalThis.IDBKeyRange ??= IDBKeyRange;

const entry = (game, id, at, extra = {}) => ({ game, id, at, save: `${game}:${id}`, outcome: 'won', ...extra });

test('a game kept is listed with its replay, the latest first, and each game apart', async () => {
  const games = await FinishedGames.open({ indexedDB: new IDBFactory(), name: 'site' });
  assert.equal(games.kept, true);
  assert.equal(await games.keep(entry('2048', 'a', 1)), true);
  await games.keep(entry('2048', 'b', 3));
  await games.keep(entry('mines', 'a', 2));
  assert.deepEqual((await games.list('2048')).map((g) => g.save), ['2048:b', '2048:a']);
  assert.deepEqual((await games.list('mines')).map((g) => g.id), ['a']);
  assert.deepEqual(await games.list('threes'), []);
  games.close();
});

test('an attempt ended again after an undo is listed once, as it ended last', async () => {
  const games = await FinishedGames.open({ indexedDB: new IDBFactory(), name: 'site' });
  await games.keep(entry('fifteen', 'x', 5, { moves: 80 }));
  await games.keep(entry('fifteen', 'x', 9, { moves: 84 }));
  const listed = await games.list('fifteen');
  assert.equal(listed.length, 1);
  assert.equal(listed[0].moves, 84);
  games.close();
});

test('past the number kept, the oldest of that game go, and no other game’s', async () => {
  const games = await FinishedGames.open({ indexedDB: new IDBFactory(), name: 'site' });
  await games.keep(entry('threes', 'other', 0));
  for (let i = 1; i <= 7; i += 1) await games.keep(entry('2048', `g${i}`, i * 10), 5);
  assert.deepEqual((await games.list('2048')).map((g) => g.id), ['g7', 'g6', 'g5', 'g4', 'g3']);
  assert.equal((await games.list('threes')).length, 1);
  assert.equal(KEPT_GAMES, 100);
  games.close();
});

test('what another tab keeps, this one lists', async () => {
  const indexedDB = new IDBFactory();
  const one = await FinishedGames.open({ indexedDB, name: 'site' });
  const two = await FinishedGames.open({ indexedDB, name: 'site' });
  await one.keep(entry('mines', 'a', 1));
  await two.keep(entry('mines', 'b', 2));
  assert.deepEqual((await one.list('mines')).map((g) => g.id), ['b', 'a']);
  one.close();
  two.close();
});

test('refused by the browser, the games finished on this page are still listed, and said to be unkept', async () => {
  const refusing = { open() { throw new DOMException('refused', 'SecurityError'); } };
  const games = await FinishedGames.open({ indexedDB: refusing });
  assert.equal(games.kept, false);
  assert.equal(await games.keep(entry('2048', 'a', 1)), false);
  assert.deepEqual((await games.list('2048')).map((g) => g.id), ['a']);
});

test('a write the database refuses (a full disk) keeps the game in memory, listed with the kept ones', async () => {
  const games = await FinishedGames.open({ indexedDB: new IDBFactory(), name: 'site' });
  await games.keep(entry('2048', 'a', 1));
  // A value the database cannot hold fails the write as a refused quota would.
  const refused = entry('2048', 'b', 2, { unclonable: () => {} });
  assert.equal(await games.keep(refused), false);
  assert.deepEqual((await games.list('2048')).map((g) => g.id), ['b', 'a']);
  games.close();
});

test('what is not a finished game is refused, and a damaged one left out of the list', async () => {
  const indexedDB = new IDBFactory();
  const games = await FinishedGames.open({ indexedDB, name: 'site' });
  await assert.rejects(games.keep({ game: '2048', id: 'a', at: 1 }), /not a finished game/);
  await games.keep(entry('2048', 'a', 1));
  // Written by something else into the same store: no save.
  const db = games._db;
  await new Promise((resolve) => {
    const transaction = db.transaction('games', 'readwrite');
    transaction.objectStore('games').put({ game: '2048', id: 'bad', at: 2, save: 7 });
    transaction.oncomplete = resolve;
  });
  assert.deepEqual((await games.list('2048')).map((g) => g.id), ['a']);
  games.close();
});

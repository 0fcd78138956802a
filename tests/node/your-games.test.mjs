// Stats' "Your games" (www/js/features/your-games.js) without a page: what is said where a
// finished game cannot be kept (a full disk, a refusing browser), once a page; and the words of
// a row, for any game the store reads as good, odd as its fields may be.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { IDBFactory, IDBKeyRange, IDBObjectStore } from 'fake-indexeddb';
import { FinishedGames, finishedOf } from '../../www/js/store/finished-games.js';
import { UNKEPT, damagedText, keepFinished, rowWords } from '../../www/js/features/your-games.js';
import { random } from './random.mjs';

globalThis.IDBKeyRange ??= IDBKeyRange;

const ended = (id, extra = {}) => ({ id, outcome: 'won', moves: 40, ms: 61000, day: '2026-03-01', save: `fifteen:${id}`, ...extra });

/** Makes each write end as `name` says (a DOMException's name), as a browser undoes one. */
function refuseWrites(t, name) {
  const put = IDBObjectStore.prototype.put;
  IDBObjectStore.prototype.put = function (...args) {
    const request = put.apply(this, args);
    const { transaction } = this;
    const cause = new DOMException('refused', name);
    // abort() leaves a transaction's error null; a browser's own abort sets the cause.
    Object.defineProperty(transaction, 'error', { get: () => cause, set() {} });
    request.addEventListener('success', () => transaction.abort());
    return request;
  };
  t.after(() => {
    IDBObjectStore.prototype.put = put;
  });
}

test('a full disk is said once a page, as what could not be kept and why, and play goes on with every game listed', async (t) => {
  const games = await FinishedGames.open({ indexedDB: new IDBFactory(), name: 'full' });
  const said = [];
  const say = (text) => said.push(text);
  await keepFinished('fifteen', ended('a'), null, { games, say });
  assert.deepEqual(said, [], 'kept: nothing to say');
  refuseWrites(t, 'QuotaExceededError');
  await keepFinished('fifteen', ended('b'), null, { games, say });
  await keepFinished('fifteen', ended('c'), null, { games, say });
  assert.equal(said.length, 1, 'once, not once a game');
  assert.match(said[0], /^This game’s replay could not be kept: the device’s storage is full\./);
  assert.doesNotMatch(said[0], /browser/, 'the disk, not the browser');
  assert.deepEqual((await games.list('fifteen')).games.map((g) => g.id).sort(), ['a', 'b', 'c']);
  games.close();
});

test('a write the browser refuses otherwise is said plainly as the browser’s refusal, once', async (t) => {
  const games = await FinishedGames.open({ indexedDB: new IDBFactory(), name: 'refused' });
  const said = [];
  refuseWrites(t, 'UnknownError');
  await keepFinished('mines', ended('a'), null, { games, say: (text) => said.push(text) });
  await keepFinished('mines', ended('b'), null, { games, say: (text) => said.push(text) });
  assert.deepEqual(said, [UNKEPT.refused]);
  assert.match(said[0], /^This game’s replay could not be kept: the browser refused/);
  assert.doesNotMatch(said[0], /full/);
  games.close();
});

test('damaged games are counted in plain words', () => {
  assert.equal(damagedText(0), '');
  assert.equal(damagedText(1), '1 kept game could not be read and is not listed.');
  assert.equal(damagedText(3), '3 kept games could not be read and are not listed.');
});

const card = { route: 'fifteen', title: 'Fifteen', won: 'solved' };
/** As the stats panel names a board: by the last part of its key. */
const kindName = (kind) => (kind ? kind.slice(kind.lastIndexOf('.') + 1) : '');

test('a row says how the game ended, its figure, board and whose play', () => {
  const words = rowWords(card, { game: 'fifteen', id: 'a', at: 0, save: 's', outcome: 'won', kind: 'gridplay.fifteen.3x3', moves: 84, standing: 'practice' }, kindName);
  assert.equal(words.result, 'Solved, 84 moves');
  assert.equal(words.about, '3x3 · practice');
  const over = rowWords(card, { game: 'fifteen', id: 'b', at: 0, save: 's', outcome: '', ending: 'X wins: a diagonal.' }, kindName);
  assert.equal(over.result, 'X wins: a diagonal');
  // Words that come to nothing say no less than the outcome.
  assert.equal(rowWords(card, { game: 'fifteen', id: 'c', at: 0, save: 's', outcome: '', ending: '!' }, kindName).result, 'Finished');
  // An ending that gives the figure says it once; one that gives another number, both.
  const threes = { game: 'threes', id: 'd', at: 0, save: 's', outcome: '', figure: 'score', value: 85104 };
  assert.equal(rowWords(card, { ...threes, ending: 'No more moves. Final score 85104.' }, kindName).result, 'No more moves. Final score 85104');
  assert.equal(rowWords(card, { ...threes, ending: 'Final score 851040.' }, kindName).result, 'Final score 851040, 85104');
});

test('any game the store reads as good makes a row without throwing', () => {
  const next = random(2026);
  const pick = (values) => values[Math.floor(next() * values.length)];
  const choices = {
    at: [0, 1.5, -8.64e15, 8.64e15, 1767225600000],
    outcome: ['', 'won', 'lost', 'drawn', 'odd'],
    ending: [undefined, '', '!', '.', 'X wins: a diagonal.', 'Game over'],
    day: [undefined, '', '2026-03-01', 'odd'],
    daily: [undefined, true, false],
    kind: [undefined, '', 'gridplay.fifteen.3x3', 'odd'],
    figure: [undefined, '', 'time', 'moves', 'score', 'odd'],
    value: [undefined, null, 0, -5, 1.5, 1e300, -1e300],
    moves: [undefined, 0, 1, 84, Number.MAX_SAFE_INTEGER],
    ms: [undefined, null, 0, -1, 1.5, 1e300],
    standing: [undefined, '', 'own', 'practice', 'assisted', 'two', 'odd'],
  };
  for (let i = 0; i < 3000; i += 1) {
    const entry = { game: 'fifteen', id: `g${i}`, save: 's' };
    for (const [name, values] of Object.entries(choices)) {
      const value = pick(values);
      if (value !== undefined) entry[name] = value;
    }
    assert.ok(finishedOf(entry), JSON.stringify(entry));
    const words = rowWords(card, entry, kindName);
    assert.ok(words.result.length > 0, JSON.stringify(entry));
  }
});

// The bests the mid end keeps (www/js/midend/bests.js), without a page: a new best is said once
// a game, even where another tab plays the same game and keeps its score as the best first.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Bests } from '../../www/js/midend/bests.js';
import { writesSettled } from '../../www/js/store/mirrored.js';

/** Storage as the page's (store/storage.js): text by key. */
function memory(entries = {}) {
  const values = new Map(Object.entries(entries));
  return {
    get: (key) => values.get(key) ?? null,
    set: (key, text) => values.set(key, String(text)),
    remove: (key) => values.delete(key),
  };
}

/** A game ranked by its score, kept under gridplay.demo.best. */
const scoring = (score) => ({ bests: () => [{ name: 'score', key: 'best', value: score, lower: false }] });
const rules = { figure: () => ({ name: 'score', lower: false }) };

test('a new best is said once a game, though another tab on the same game keeps its score first', () => {
  const storage = memory({ 'gridplay.demo.best': '10' });
  const bests = new Bests({ rules, name: 'demo', storage, ms: () => 0, isOwn: () => true, records: Promise.resolve(null) });
  bests.read(scoring(0));
  assert.deepEqual(bests.keep(scoring(12)).map((best) => best.was), [10], 'past the best kept before the game: said');
  // The other tab, on this same game, moves on and keeps its score as the best; this tab hears it.
  storage.set('gridplay.demo.best', '14');
  assert.equal(bests.heard('gridplay.demo.best', '14', scoring(12)), true);
  assert.equal(bests.first, 14, 'the best shown is the one kept');
  assert.deepEqual(bests.keep(scoring(16)), [], 'no new best said again');
  assert.equal(bests.first, 16);
});

test('a first game ever makes no new best; the next game past it does, once', async () => {
  const storage = memory();
  const bests = new Bests({ rules, name: 'demo', storage, ms: () => 0, isOwn: () => true, records: Promise.resolve(null) });
  bests.read(scoring(0));
  assert.deepEqual(bests.keep(scoring(8)), []);
  // (The best is written as the page writes it: once read again where it stands.)
  await writesSettled();
  bests.read(scoring(0));
  assert.deepEqual(bests.keep(scoring(9)).map((best) => best.was), [8]);
  assert.deepEqual(bests.keep(scoring(20)), []);
});

test('a game that takes help makes no best: what it kept goes back to the best before it, unless another game kept one since', async () => {
  const storage = memory({ 'gridplay.demo.best': '10' });
  const bests = new Bests({ rules, name: 'demo', storage, ms: () => 0, isOwn: () => true, records: Promise.resolve(null) });
  bests.read(scoring(0));
  bests.keep(scoring(15));
  await writesSettled();
  assert.equal(storage.get('gridplay.demo.best'), '15');
  assert.equal(bests.withdraw(scoring(15)), true);
  await writesSettled();
  assert.equal(storage.get('gridplay.demo.best'), '10', 'the best before the game');
  assert.equal(bests.first, 10);
  assert.equal(bests.withdraw(scoring(15)), false, 'once');

  // A first game's best goes back to none; another tab's best kept since stays.
  const first = memory();
  const mine = new Bests({ rules, name: 'demo', storage: first, ms: () => 0, isOwn: () => true, records: Promise.resolve(null) });
  mine.read(scoring(0));
  mine.keep(scoring(8));
  await writesSettled();
  first.set('gridplay.demo.best', '30'); // another tab's game
  mine.withdraw(scoring(8));
  await writesSettled();
  assert.equal(first.get('gridplay.demo.best'), '30', 'another game\'s best is not this one\'s to take back');
  const none = memory();
  const fresh = new Bests({ rules, name: 'demo', storage: none, ms: () => 0, isOwn: () => true, records: Promise.resolve(null) });
  fresh.read(scoring(0));
  fresh.keep(scoring(8));
  await writesSettled();
  fresh.withdraw(scoring(8));
  await writesSettled();
  assert.equal(fresh.first, null, 'none shown');
  assert.equal(none.get('gridplay.demo.best'), '0', 'kept as none');
});

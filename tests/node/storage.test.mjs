// SafeStorage (www/js/store/storage.js): what the page reads when the browser refuses a write,
// or refuses storage altogether.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SafeStorage } from '../../www/js/store/storage.js';

/** localStorage as a map: `full` refuses writes (quota exceeded), `locked` refuses everything. */
function browserStorage(entries = {}) {
  const map = new Map(Object.entries(entries));
  const state = { full: false, locked: false };
  const check = (writing) => {
    if (state.locked) throw new Error('SecurityError');
    if (writing && state.full) throw new Error('QuotaExceededError');
  };
  const backend = {
    getItem: (key) => (check(false), map.has(key) ? map.get(key) : null),
    setItem: (key, value) => (check(true), map.set(key, String(value))),
    removeItem: (key) => (check(true), map.delete(key)),
  };
  let failures = 0;
  const store = new SafeStorage({ backend: () => backend, onFailure: () => { failures += 1; } });
  return { store, map, state, failures: () => failures };
}

test('a refused write keeps that value for the page, and every other key is still read from storage', () => {
  const { store, map, state, failures } = browserStorage({ 'gridplay.threes.save': 'threes game', 'gridplay.2048.best': '512' });
  assert.equal(store.get('gridplay.threes.save'), 'threes game');
  state.full = true;
  assert.equal(store.set('gridplay.threes.save', 'threes, a move on'), false, 'refused');
  assert.equal(store.failed, true);
  assert.equal(failures(), 1);
  assert.equal(store.get('gridplay.threes.save'), 'threes, a move on', 'the page goes on with its own game');
  // Other games' saves, bests and stats, as storage holds them, even written since by another tab.
  assert.equal(store.get('gridplay.2048.best'), '512');
  map.set('gridplay.fifteen.save', 'fifteen game');
  assert.equal(store.get('gridplay.fifteen.save'), 'fifteen game');
  state.full = false;
  assert.equal(store.set('gridplay.threes.save', 'threes, kept at last'), true, 'room again: kept');
  map.set('gridplay.threes.save', 'threes, from another tab');
  assert.equal(store.get('gridplay.threes.save'), 'threes, from another tab', 'read from storage again');
  assert.equal(failures(), 1, 'said once');
});

test('a refused removal keeps the value gone for the page', () => {
  const { store, state } = browserStorage({ 'gridplay.2048.kept-going': '7' });
  state.full = true;
  store.remove('gridplay.2048.kept-going');
  assert.equal(store.get('gridplay.2048.kept-going'), null);
});

test('storage refused altogether: every value lives in memory, what was read before stays', () => {
  const { store, state, failures } = browserStorage({ 'gridplay.settings': '{"theme":"dark"}' });
  assert.equal(store.get('gridplay.settings'), '{"theme":"dark"}');
  state.locked = true;
  assert.equal(store.get('gridplay.2048.best'), null);
  assert.equal(store.get('gridplay.settings'), '{"theme":"dark"}');
  assert.equal(store.set('gridplay.2048.best', '64'), false);
  assert.equal(store.get('gridplay.2048.best'), '64');
  state.locked = false;
  assert.equal(store.get('gridplay.2048.best'), '64', 'memory from then on: storage may be gone again');
  assert.equal(failures(), 1);
});

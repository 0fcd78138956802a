// Whose play a result is (www/js/midend/standing.js): the one rule every best, win, streak and
// day's result follows, the words a game's end says of it, and the deals seen.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SafeStorage } from '../../www/js/store/storage.js';
import {
  SEEN_KEPT, helpText, isPastOf, markSeen, readSeen, seenBesides, standingNote, standingOf,
} from '../../www/js/midend/standing.js';

function storage(entries = {}) {
  const map = new Map(Object.entries(entries));
  const backend = { getItem: (key) => (map.has(key) ? map.get(key) : null), setItem: (key, value) => map.set(key, String(value)), removeItem: (key) => map.delete(key) };
  return { store: new SafeStorage({ backend: () => backend }), map };
}

const fresh = { origin: 'fresh', help: { hints: 0, moves: 0 } };

test('a result is the player\'s own only when they made every move from a deal they had not seen played out', () => {
  assert.equal(standingOf(fresh), 'own');
  assert.equal(standingOf({}), 'own', 'an attempt kept before origins were began afresh');
  assert.equal(standingOf({ ...fresh, origin: 'replay' }), 'practice', 'taken on from a replay');
  assert.equal(standingOf({ ...fresh, origin: 'seen' }), 'practice', 'a deal finished or watched before');
  assert.equal(standingOf(fresh, { seenElsewhere: true }), 'practice', 'a deal watched or finished elsewhere meanwhile');
  assert.equal(standingOf({ ...fresh, help: { hints: 1, moves: 0 } }), 'assisted', 'a hint taken');
  assert.equal(standingOf({ ...fresh, help: { hints: 0, moves: 3 } }), 'assisted', 'moves by a helper');
  assert.equal(standingOf({ origin: 'replay', help: { hints: 2, moves: 0 } }), 'practice', 'practice first: it is no go at the deal at all');
  assert.equal(standingOf(fresh, { twoPlayers: true }), 'two');
});

test('the end says why a game is not the player\'s own, and how much help it took', () => {
  assert.equal(helpText({ hints: 1, moves: 0 }), '1 hint');
  assert.equal(helpText({ hints: 2, moves: 31 }, 'the AI'), '2 hints and 31 moves by the AI');
  assert.equal(helpText({ hints: 0, moves: 1 }, 'the solver'), '1 move by the solver');
  assert.equal(helpText({}), '');
  assert.equal(standingNote('own', fresh, 'the AI'), '');
  assert.equal(standingNote('two', fresh, 'the AI'), '');
  assert.match(standingNote('practice', { ...fresh, origin: 'replay' }, 'the AI'), /^Practice \(played on from a replay\).*makes no best/);
  assert.match(standingNote('practice', { ...fresh, origin: 'seen' }, 'the AI'), /^Practice \(at a deal you had finished or watched before\)/);
  assert.match(standingNote('assisted', { ...fresh, help: { hints: 0, moves: 12 } }, 'the solver'), /^With help \(12 moves by the solver\).*makes no best/);
});

test('a deal seen is kept per game, by who saw it; a game without deals keeps nothing', () => {
  const { store, map } = storage();
  markSeen(store, 'mines', '9x9x10/seed=7', 'a1');
  markSeen(store, 'mines', '9x9x10/seed=7', 'a1');
  assert.deepEqual(readSeen(store, 'mines'), [['9x9x10/seed=7', 'a1']], 'once');
  assert.equal(seenBesides(store, 'mines', '9x9x10/seed=7', 'a1'), false, 'its own finish is no other sight of it');
  assert.equal(seenBesides(store, 'mines', '9x9x10/seed=7', 'a2'), true, 'another attempt at it is practice');
  assert.equal(seenBesides(store, 'mines', '9x9x10/seed=8', 'a2'), false);
  assert.equal(seenBesides(store, 'threes', '9x9x10/seed=7', 'a2'), false, 'each game its own');
  markSeen(store, 'mines', '9x9x10/seed=8', 'replay');
  assert.equal(seenBesides(store, 'mines', '9x9x10/seed=8', ''), true, 'a replay watched');
  markSeen(store, 'tictactoe', '', 'a3');
  assert.equal(map.has('gridplay.tictactoe.seen'), false);
  assert.equal(seenBesides(store, 'tictactoe', '', 'a4'), false, 'tic-tac-toe is not dealt: every game starts alike');
});

test('the deals seen are capped, the newest kept; anything unreadable is left out, never thrown', () => {
  const { store } = storage();
  for (let i = 0; i < SEEN_KEPT + 10; i += 1) markSeen(store, 'threes', `seed=${i}`, 'x');
  const seen = readSeen(store, 'threes');
  assert.equal(seen.length, SEEN_KEPT);
  assert.equal(seen[0][0], 'seed=10');
  for (const text of ['{', '"x"', '{"a":1}', '[1,[2],["a"],["a",3],[null,"b"]]']) {
    const { store: bad } = storage({ 'gridplay.threes.seen': text });
    assert.deepEqual(readSeen(bad, 'threes'), [], text);
    markSeen(bad, 'threes', 'seed=1', 'a');
    assert.deepEqual(readSeen(bad, 'threes'), [['seed=1', 'a']], `a good list written over ${text}`);
  }
});

test('a replay of the game in play, or of a point it has passed, is its own past; another go at the deal, or another deal, is not', async () => {
  const { Game2048 } = await import(process.env.GRIDPLAY_PKG ?? '../../target/pkg-node/gridplay.js');
  const own = Game2048.fromLink('seed=7');
  const played = [];
  for (const direction of ['left', 'up', 'right', 'down', 'left', 'up']) if (own.play(direction).ok) played.push(direction);
  assert.ok(played.length >= 3, 'moves were made');
  const itself = Game2048.load(own.save());
  const passed = own.atStep(2);
  assert.equal(isPastOf(itself, own), true, 'the game itself');
  assert.equal(isPastOf(passed, own), true, 'a point it has passed');
  // Another go at the same deal, its moves not this one's.
  const other = Game2048.fromLink('seed=7');
  for (const direction of ['down', 'right', 'down']) other.play(direction);
  assert.equal(isPastOf(other, own), false, 'another go at the deal');
  const elsewhere = Game2048.fromLink('seed=8');
  assert.equal(isPastOf(elsewhere, own), false, 'another deal');
  // A longer game than the one in play is none of its past.
  assert.equal(isPastOf(own, passed), false, 'a point ahead of it');
  for (const game of [own, itself, passed, other, elsewhere]) game.free();
});

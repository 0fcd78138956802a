// Undo and redo as the mid end keeps them (www/js/midend/history.js), over a game whose moves
// are a list: what a redo can play again, and what is said where there is nothing to undo or redo.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { History } from '../../www/js/midend/history.js';

/** A game of numbered moves with the engine's undo and redo (the redo's words: "played N"). */
function listGame() {
  const game = { moves: [], undone: [] };
  game.play = (n) => {
    game.moves.push(n);
    game.undone = [];
  };
  game.undo = () => {
    if (game.moves.length === 0) return false;
    game.undone.push(game.moves.pop());
    return true;
  };
  game.redo = () => {
    if (game.undone.length === 0) return undefined;
    const n = game.undone.pop();
    game.moves.push(n);
    return `played ${n}`;
  };
  return game;
}

test('a redo plays again what undos took back, last first, as many as were taken back', () => {
  const game = listGame();
  const history = new History({ enabled: true });
  [1, 2, 3].forEach(game.play);
  assert.deepEqual(history.undo(game), { ok: true });
  assert.deepEqual(history.undo(game), { ok: true });
  assert.equal(history.redoable, true);
  assert.deepEqual(history.redo(game), { ok: true, said: 'played 2' });
  assert.deepEqual(history.redo(game), { ok: true, said: 'played 3' });
  assert.equal(history.redoable, false);
  assert.deepEqual(history.redo(game), { ok: false, reason: 'Nothing to redo.' });
  assert.deepEqual(game.moves, [1, 2, 3]);
});

test('a new move (or another game shown) leaves nothing to redo, and an empty game nothing to undo', () => {
  const game = listGame();
  const history = new History({ enabled: true });
  game.play(1);
  history.undo(game);
  game.play(4);
  history.forget();
  assert.deepEqual(history.redo(game), { ok: false, reason: 'Nothing to redo.' });
  assert.deepEqual(game.moves, [4]);
  history.undo(game);
  assert.deepEqual(history.undo(game), { ok: false, reason: 'Nothing to undo.' });
});

test('an engine that fails an undo leaves the game as it was and says there is nothing to undo', () => {
  const game = listGame();
  game.play(1);
  const history = new History({
    enabled: true,
    undo: () => {
      throw new Error('no such move');
    },
  });
  const warn = console.warn;
  console.warn = () => {};
  try {
    assert.deepEqual(history.undo(game), { ok: false, reason: 'Nothing to undo.' });
  } finally {
    console.warn = warn;
  }
  assert.deepEqual(game.moves, [1]);
  assert.equal(history.redoable, false);
});

test('a wiring\'s own undo and redo are the ones played (tic-tac-toe takes back two marks)', () => {
  const game = listGame();
  [1, 2].forEach(game.play);
  const history = new History({
    enabled: true,
    undo: (g) => g.undo() && g.undo(),
    redo: (g) => [g.redo(), g.redo()].join(', '),
  });
  assert.deepEqual(history.undo(game), { ok: true });
  assert.deepEqual(game.moves, []);
  assert.deepEqual(history.redo(game), { ok: true, said: 'played 1, played 2' });
});

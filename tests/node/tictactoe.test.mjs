// The TicTacToe JS API contract through the real wasm-bindgen glue (see api.test.mjs): exact
// names, errors as JS Errors that name the problem with the game left as it was, and a
// bestMove that never loses from any position reachable in play.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const pkg = process.env.GRIDPLAY_PKG ?? new URL('../../target/pkg-node/gridplay.js', import.meta.url).pathname;
const { TicTacToe } = require(pkg);

test('new TicTacToe(): an empty board, X to move; marks alternate', () => {
  const game = new TicTacToe();
  assert.deepEqual(game.cells(), ['', '', '', '', '', '', '', '', '']);
  assert.equal(game.turn(), 'X');
  assert.equal(game.winner(), null);
  assert.equal(game.winningLine(), null);
  assert.equal(game.isDraw(), false);
  game.play(4);
  assert.equal(game.turn(), 'O');
  game.play(0);
  assert.deepEqual(game.cells(), ['O', '', '', '', 'X', '', '', '', '']);
});

test('play: occupied, out of range, not an integer, after the end: a clear Error, state unchanged', () => {
  const game = new TicTacToe();
  game.play(4);
  const before = game.save();
  for (const [cell, pattern] of [[4, /cell 4 already holds an X/], [9, /off the board/], [-1, /off the board/],
    [1.5, /cell index/], ['3', /cell index/], [undefined, /cell index/], [NaN, /cell index/]]) {
    assert.throws(() => game.play(cell), (e) => e instanceof Error && pattern.test(e.message), String(cell));
    assert.equal(game.save(), before);
  }
  for (const cell of [0, 1, 3, 2]) game.play(cell); // O 0, X 1, O 3, X 2; then O 6 wins the left column
  game.play(6);
  assert.equal(game.winner(), 'O');
  assert.deepEqual(game.winningLine(), [0, 3, 6]);
  assert.throws(() => game.play(8), /game is over/);
  assert.equal(game.bestMove(), null);
});

test('a full board without a line is a draw', () => {
  const game = new TicTacToe();
  for (const cell of [0, 1, 2, 4, 3, 5, 7, 6, 8]) game.play(cell);
  assert.equal(game.isDraw(), true);
  assert.equal(game.winner(), null);
});

test('bestMove never loses: the engine as X and as O against every line of the other side', () => {
  // Returns the worst result for `side` (1 win, 0 draw, -1 loss) over every opponent line.
  const worst = (game, side) => {
    const winner = game.winner();
    if (winner) return winner === side ? 1 : -1;
    if (game.isDraw()) return 0;
    if (game.turn() === side) {
      const next = TicTacToe.load(game.save());
      next.play(game.bestMove());
      const result = worst(next, side);
      next.free();
      return result;
    }
    let result = 1;
    game.cells().forEach((mark, cell) => {
      if (mark) return;
      const next = TicTacToe.load(game.save());
      next.play(cell);
      result = Math.min(result, worst(next, side));
      next.free();
    });
    return result;
  };
  assert.equal(worst(new TicTacToe(), 'X'), 0);
  assert.equal(worst(new TicTacToe(), 'O'), 0);
});

test('undo, save and load: the identical game; bad saves throw', () => {
  const game = new TicTacToe();
  for (const cell of [4, 0, 8]) game.play(cell);
  const copy = TicTacToe.load(game.save());
  assert.deepEqual(copy.cells(), game.cells());
  assert.equal(copy.turn(), 'O');
  assert.equal(game.undo(), true);
  assert.deepEqual(game.cells(), ['O', '', '', '', 'X', '', '', '', '']);
  assert.throws(() => TicTacToe.load('threes.1.5.0.'), /not of tictactoe/);
  assert.throws(() => TicTacToe.load(42), /expected a save string/);
});

test('outcome(): perfect play\'s result from here, and the moves that change it', () => {
  const game = new TicTacToe();
  assert.equal(game.outcome(), 'draw');
  game.play(0); // X in a corner
  assert.equal(game.outcome(), 'draw');
  game.play(1); // O beside it on the edge: a mistake, X now forces a win
  assert.equal(game.outcome(), 'X');
  game.play(game.bestMove());
  assert.equal(game.outcome(), 'X', 'the best move keeps the win');
  while (!game.isOver()) game.play(game.bestMove());
  assert.equal(game.winner(), 'X');
  assert.equal(game.outcome(), 'X', 'a won game is its winner\'s');
});

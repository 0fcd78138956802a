// The TicTacToe JS API through the real wasm-bindgen glue (see api.test.mjs and the contract
// every game keeps, contract.test.mjs): exact names, a refused mark said in words with the game
// left as it was, a value that is no cell a JS Error naming the problem, and a bestMove that
// never loses from any position reachable in play.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const pkg = process.env.GRIDPLAY_PKG ?? new URL('../../target/pkg-node/gridplay.js', import.meta.url).pathname;
const { TicTacToe } = require(pkg);

test('new TicTacToe(): an empty board, X to move; marks alternate', () => {
  const game = new TicTacToe();
  assert.deepEqual(game.marks(), ['', '', '', '', '', '', '', '', '']);
  assert.deepEqual(game.cells(), [0, 0, 0, 0, 0, 0, 0, 0, 0]);
  assert.equal(game.turn(), 'X');
  assert.equal(game.winner(), null);
  assert.equal(game.winningLine(), null);
  assert.equal(game.isDraw(), false);
  game.play(4);
  assert.equal(game.turn(), 'O');
  game.play(0);
  assert.deepEqual(game.marks(), ['O', '', '', '', 'X', '', '', '', '']);
  assert.deepEqual(game.cells(), [2, 0, 0, 0, 1, 0, 0, 0, 0], 'as codes: 1 an X, 2 an O');
});

test('play: an occupied square or a finished game is refused in words; no cell at all is an Error; state unchanged', () => {
  const game = new TicTacToe();
  game.play(4);
  const before = game.save();
  assert.deepEqual(game.play(4), { ok: false, reason: 'row 2, column 2 already holds an X' });
  assert.equal(game.save(), before);
  for (const [cell, pattern] of [[9, /play: cell 9 is off the board/], [-1, /expected a cell/],
    [1.5, /expected a cell/], ['3', /expected a cell/], [undefined, /expected a cell/], [NaN, /expected a cell/]]) {
    assert.throws(() => game.play(cell), (e) => e instanceof Error && pattern.test(e.message), String(cell));
    assert.equal(game.save(), before);
  }
  for (const cell of [0, 1, 3, 2]) assert.equal(game.play(cell).ok, true); // O 0, X 1, O 3, X 2; then O 6 wins the left column
  game.play(6);
  assert.equal(game.winner(), 'O');
  assert.equal(game.status(), 'won');
  assert.deepEqual(game.winningLine(), [0, 3, 6]);
  assert.deepEqual(game.play(8), { ok: false, reason: 'the game is over' });
  assert.equal(game.bestMove(), null);
});

test('a full board without a line is a draw', () => {
  const game = new TicTacToe();
  for (const cell of [0, 1, 2, 4, 3, 5, 7, 6, 8]) game.play(cell);
  assert.equal(game.isDraw(), true);
  assert.equal(game.status(), 'drawn');
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
    game.marks().forEach((mark, cell) => {
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
  assert.deepEqual(game.marks(), ['O', '', '', '', 'X', '', '', '', '']);
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

// The 2048 JS API contract through the real wasm-bindgen glue (see api.test.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const pkg = process.env.GRIDPLAY_PKG ?? new URL('../../target/pkg-node/gridplay.js', import.meta.url).pathname;
const { Board2048, Game2048, ThreesGame } = require(pkg);

test('Board2048: the kata examples with the exact method names', () => {
  const board = new Board2048();
  board.setGrid([[0, 2, 0, 0], [4, 0, 4, 0], [4, 8, 0, 0], [0, 0, 0, 0]]);
  assert.equal(board.down(), true);
  assert.deepEqual(board.getGrid(), [[0, 0, 0, 0], [0, 0, 0, 0], [0, 2, 0, 0], [8, 8, 4, 0]]);
  board.setGrid([[2, 2, 2, 2], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]);
  assert.equal(board.right(), true);
  assert.deepEqual(board.getGrid()[0], [0, 0, 4, 4]);
  board.setGrid([[0, 0, 0, 2], [0, 0, 0, 2], [0, 0, 0, 2], [0, 0, 0, 2]]);
  assert.equal(board.right(), false, 'an illegal move leaves the board');
  assert.deepEqual(board.getGrid(), [[0, 0, 0, 2], [0, 0, 0, 2], [0, 0, 0, 2], [0, 0, 0, 2]]);
  assert.throws(() => board.setGrid([[0, 0, 0, 3], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]), /rows\[0\]\[3\] is 3, which is not a 2048 tile/);
  assert.throws(() => board.setGrid([[2 ** 18, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]), /not a 2048 tile/);
  assert.deepEqual(board.getGrid()[3], [0, 0, 0, 2]);
});

test('Game2048: two starting tiles, a tile after each legal move, score, undo', () => {
  const game = new Game2048(99);
  const start = game.getGrid();
  assert.equal(start.flat().filter((v) => v !== 0).length, 2);
  assert.equal(game.score(), 0);
  assert.equal(game.won(), false);
  const history = [];
  for (const d of ['left', 'down', 'right', 'up', 'left', 'down', 'left', 'down']) {
    const before = { grid: game.getGrid(), score: game.score() };
    const tiles = before.grid.flat().filter((v) => v !== 0).length;
    if (game.move(d)) {
      history.push(before);
      const last = game.lastMove();
      const merges = last.merges.length;
      assert.equal(game.getGrid().flat().filter((v) => v !== 0).length, tiles - merges + 1);
      assert.ok([2, 4].includes(last.spawn[2]));
      const gained = last.merges.reduce((sum, [r, c]) => sum + game.getGrid()[r][c], 0);
      assert.equal(game.score(), before.score + gained);
      assert.equal(last.points, gained, 'lastMove() says the points the merges scored');
    }
  }
  assert.equal(game.moveCount(), history.length);
  const afterAll = game.getGrid();
  const lastDirection = game.lastMove().direction;
  assert.equal(game.undo(), true);
  assert.deepEqual(game.getGrid(), history.at(-1).grid);
  assert.equal(game.score(), history.at(-1).score);
  assert.equal(game.move(lastDirection), true);
  assert.deepEqual(game.getGrid(), afterAll, 'the same move after undo deals the same tile');
  while (game.undo());
  assert.deepEqual(game.getGrid(), start);
  assert.equal(game.moveCount(), 0);
  assert.equal(game.undo(), false);
});

test('Game2048.load restores the game and refuses other saves', () => {
  const game = new Game2048(5);
  for (const d of ['up', 'left', 'down', 'right', 'up']) game.move(d);
  const loaded = Game2048.load(game.save());
  assert.deepEqual(loaded.getGrid(), game.getGrid());
  assert.equal(loaded.score(), game.score());
  assert.throws(() => Game2048.load(new ThreesGame(5).save()), /^Error: load: .*not of 2048/);
  assert.throws(() => new Game2048(-2), /seed must be a whole number/);
  assert.throws(() => game.move('UP'), /unknown direction/);
});

// The Fifteen JS API contract through the real wasm-bindgen glue (see api.test.mjs): exact
// names, errors as JS Errors with messages that name the problem, and state left as it was.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const pkg = process.env.GRIDPLAY_PKG ?? new URL('../../target/pkg-node/gridplay.js', import.meta.url).pathname;
const { Fifteen } = require(pkg);

const solvedTiles = (n) => [...Array(n * n - 1).keys()].map((i) => i + 1).concat(0);

/** The fewest moves from `tiles` (3×3) to the goal, by breadth-first search from the goal. */
function bfsDistance(tiles) {
  const target = tiles.join(',');
  let frontier = [solvedTiles(3)];
  const seen = new Set([frontier[0].join(',')]);
  for (let depth = 0; frontier.length > 0; depth += 1) {
    const next = [];
    for (const state of frontier) {
      if (state.join(',') === target) return depth;
      const b = state.indexOf(0);
      for (const n of [b - 3, b + 3, b % 3 > 0 ? b - 1 : -1, b % 3 < 2 ? b + 1 : -1]) {
        if (n < 0 || n > 8) continue;
        const moved = [...state];
        [moved[b], moved[n]] = [moved[n], moved[b]];
        const key = moved.join(',');
        if (!seen.has(key)) {
          seen.add(key);
          next.push(moved);
        }
      }
    }
    frontier = next;
  }
  return -1;
}

/** Plays `tiles` (tile numbers, one per move) with move(from, to) and returns the game. */
function playTiles(game, tiles) {
  for (const tile of tiles) {
    const from = game.tiles().indexOf(tile);
    game.move(from, game.blank());
  }
  return game;
}

test('new Fifteen(size, seed): a solvable, unsolved deal of that size, the same for the same seed', () => {
  for (const size of [3, 4, 5]) {
    const game = new Fifteen(size, 42);
    assert.equal(game.size(), size);
    assert.equal(game.seed(), 42);
    const tiles = game.tiles();
    assert.ok(Array.isArray(tiles), 'tiles() is a plain array');
    assert.deepEqual([...tiles].sort((a, b) => a - b), [...Array(size * size).keys()]);
    assert.equal(game.blank(), tiles.indexOf(0));
    assert.equal(Fifteen.isSolvable(tiles), true);
    assert.equal(game.isSolved(), false);
    assert.equal(game.moveCount(), 0);
    assert.deepEqual(new Fifteen(size, 42).tiles(), tiles);
  }
  assert.equal(typeof new Fifteen(4).seed(), 'number', 'a random seed when none is given');
});

test('new Fifteen: any other size is a clear Error', () => {
  for (const size of [2, 6, 16, 3.5, '4', null, undefined]) {
    assert.throws(() => new Fifteen(size, 1), (e) => e instanceof Error && /size must be 3, 4 or 5/.test(e.message), String(size));
  }
  assert.throws(() => new Fifteen(4, -1), /seed must be a whole number/);
});

test('Fifteen.fromTiles: a solvable permutation of 0…n²−1, or an Error saying what is wrong', () => {
  const game = Fifteen.fromTiles([1, 2, 3, 4, 0, 5, 7, 8, 6]);
  assert.deepEqual(game.tiles(), [1, 2, 3, 4, 0, 5, 7, 8, 6]);
  assert.equal(game.size(), 3);
  assert.equal(game.blank(), 4);
  assert.equal(game.seed(), undefined, 'no seed for a given arrangement');
  assert.throws(() => Fifteen.fromTiles([1, 2, 3, 0]), /expected 9, 16 or 25 tiles/);
  assert.throws(() => Fifteen.fromTiles([1, 2, 3, 4, 9, 5, 7, 8, 6]), /tiles\[4\] is 9/);
  assert.throws(() => Fifteen.fromTiles([1, 1, 3, 4, 0, 5, 7, 8, 6]), /tile 1 appears twice/);
  assert.throws(() => Fifteen.fromTiles([1, 2, 3, 4, 0.5, 5, 7, 8, 6]), /tiles\[4\] is 0.5, not a tile number/);
  assert.throws(() => Fifteen.fromTiles('123405786'), /expected an array/);
  const loyd = [...solvedTiles(4)];
  [loyd[13], loyd[14]] = [loyd[14], loyd[13]];
  assert.throws(() => Fifteen.fromTiles(loyd), /cannot be solved/);
});

test('Fifteen.isSolvable: the inversion rules, odd and even widths', () => {
  assert.equal(Fifteen.isSolvable(solvedTiles(3)), true);
  assert.equal(Fifteen.isSolvable([2, 1, 3, 4, 5, 6, 7, 8, 0]), false);
  assert.equal(Fifteen.isSolvable(solvedTiles(4)), true);
  const up = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0, 13, 14, 15, 12];
  assert.equal(Fifteen.isSolvable(up), true);
  const loydUp = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0, 13, 15, 14, 12];
  assert.equal(Fifteen.isSolvable(loydUp), false);
  assert.throws(() => Fifteen.isSolvable([0, 1, 2]), /expected 9, 16 or 25 tiles/);
});

test('move(from, to): a tile next to the blank moves in; every guard throws and changes nothing', () => {
  const game = Fifteen.fromTiles([1, 2, 3, 4, 0, 5, 7, 8, 6]);
  const before = game.tiles();
  assert.throws(() => game.move(9, 4), /move: cell 9 is off the board/);
  assert.throws(() => game.move(-1, 4), /off the board/);
  assert.throws(() => game.move(3, 5), /cells 3 and 5 are not next to each other/);
  assert.throws(() => game.move(2, 3), /not next to each other/, 'a row end is not next to the next row');
  assert.throws(() => game.move(0, 1), /cell 1 is occupied.*blank, at cell 4/);
  assert.throws(() => game.move('5', 4), /must be a cell index/);
  assert.deepEqual(game.tiles(), before);
  assert.equal(game.moveCount(), 0);
  game.move(5, 4);
  game.move(8, 5);
  assert.equal(game.isSolved(), true);
  assert.equal(game.moveCount(), 2);
});

test('slide(cell): the whole segment up to the blank moves; off its row and column throws', () => {
  const game = Fifteen.fromTiles([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 0, 14, 15]);
  assert.throws(() => game.slide(0), /cell 0 is not in the blank's row or column/);
  assert.throws(() => game.slide(16), /off the board/);
  assert.equal(game.slide(13), 0, 'the blank itself moves nothing');
  assert.equal(game.slide(1), 3);
  assert.deepEqual(game.tiles(), [1, 0, 3, 4, 5, 2, 7, 8, 9, 6, 11, 12, 13, 10, 14, 15]);
  assert.equal(game.moveCount(), 3, 'each tile moved counts');
  assert.equal(game.undo(), true, 'undo takes back the whole slide');
  assert.equal(game.moveCount(), 0);
  assert.equal(game.blank(), 13);
  assert.equal(game.undo(), false);
});

test('tilesToSlide(cell): what slide(cell) would move, without moving it; 0 out of line, and no throw but off the board', () => {
  const game = Fifteen.fromTiles([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 0, 14, 15]);
  const save = game.save();
  for (let cell = 0; cell < 16; cell += 1) {
    const copy = Fifteen.load(save);
    let moved;
    try {
      moved = copy.slide(cell);
    } catch {
      moved = 0;
    }
    assert.equal(game.tilesToSlide(cell), moved, `cell ${cell}`);
  }
  assert.equal(game.tilesToSlide(12), 1, 'beside the blank');
  assert.equal(game.tilesToSlide(1), 3, 'three along its column');
  assert.throws(() => game.tilesToSlide(16), /^Error: tilesToSlide: cell 16 is off the board/);
  assert.throws(() => game.tilesToSlide('x'), /^Error: tilesToSlide: cell must be a cell index/);
  assert.equal(game.save(), save, 'asking moves nothing');
});

test('solve() and hint(): an optimal 3×3 solution that, played, solves it', () => {
  const game = Fifteen.fromTiles([4, 1, 3, 7, 2, 6, 0, 5, 8]);
  const solution = game.solve();
  assert.ok(Array.isArray(solution));
  assert.equal(solution.length, bfsDistance(game.tiles()));
  assert.equal(game.hint(), solution[0]);
  assert.deepEqual(game.tiles(), [4, 1, 3, 7, 2, 6, 0, 5, 8], 'solving changes nothing');
  playTiles(game, solution);
  assert.equal(game.isSolved(), true);
  assert.deepEqual(game.solve(), []);
  assert.equal(game.hint(), undefined);
});

test('save() and Fifteen.load(): the identical position, for dealt and given puzzles', () => {
  for (const game of [new Fifteen(4, 7), Fifteen.fromTiles([1, 2, 3, 4, 0, 5, 7, 8, 6])]) {
    const blank = game.blank();
    const neighbour = blank >= game.size() ? blank - game.size() : blank + game.size();
    game.slide(neighbour);
    const loaded = Fifteen.load(game.save());
    assert.deepEqual(loaded.tiles(), game.tiles());
    assert.equal(loaded.moveCount(), game.moveCount());
    assert.equal(loaded.seed(), game.seed());
    assert.equal(loaded.undo(), true, 'the log came along');
  }
  assert.throws(() => Fifteen.load('threes.1.5.0.'), /not of fifteen/);
  assert.throws(() => Fifteen.load('fifteen.1.t213405786.0.'), /starting position is unreadable/);
  assert.throws(() => Fifteen.load(42), /expected a save string/);
});

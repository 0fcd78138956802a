// The JS API contract as Node sees it, through the real wasm-bindgen glue
// (`wasm-pack build --target nodejs`). Importing the module at all proves it does not touch
// `window` at load time. Run by `make test` with the package path in GRIDPLAY_PKG.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { readGames } from '../../scripts/games.mjs';

const require = createRequire(import.meta.url);
const pkg = process.env.GRIDPLAY_PKG ?? new URL('../../target/pkg-node/gridplay.js', import.meta.url).pathname;
const { Board, ThreesGame } = require(pkg);

const names = { U: 'up', D: 'down', L: 'left', R: 'right' };

test('Board: the Threes tutorial\'s right_add case with the exact method names', () => {
  const board = new Board();
  assert.deepEqual(board.getGrid(), [[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]);
  board.setGrid([[0, 0, 2, 1], [0, 0, 1, 2], [0, 0, 3, 3], [1, 2, 3, 3]]);
  assert.equal(board.right(), true);
  assert.deepEqual(board.getGrid(), [[0, 0, 0, 3], [0, 0, 0, 3], [0, 0, 0, 6], [0, 1, 2, 6]]);
  assert.equal(board.up(), true);
  const stuck = new Board();
  stuck.setGrid([[1, 3, 1, 3], [3, 1, 3, 1], [1, 3, 1, 3], [3, 1, 3, 1]]);
  assert.deepEqual([stuck.up(), stuck.down(), stuck.left(), stuck.right()], [false, false, false, false]);
});

test('Board.setGrid throws an Error naming the problem and keeps the board', () => {
  const board = new Board();
  const good = [[0, 1, 0, 0], [0, 0, 2, 0], [0, 0, 0, 3], [6, 0, 0, 0]];
  board.setGrid(good);
  const bad = [
    [undefined, /array of 4 rows/],
    ['rows', /array of 4 rows/],
    [[[0, 0, 0, 0]], /expected 4 rows, got 1/],
    [[[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0]], /rows\[3\] has 3 cells/],
    [[[0, 0, 0, 0], [0, 4, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]], /rows\[1\]\[1\] is 4, which is not a Threes tile/],
    [[[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, NaN, 0], [0, 0, 0, 0]], /rows\[2\]\[2\] is NaN/],
    [[[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 2.5]], /not a whole number/],
    [[[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, '3']], /is not a number/],
    [[[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 12288]], /12288/],
  ];
  for (const [input, message] of bad) {
    assert.throws(() => board.setGrid(input), (err) => err instanceof Error && message.test(err.message));
    assert.deepEqual(board.getGrid(), good);
  }
  assert.equal(board.left(), true, 'the instance still works');
});

test('ThreesGame: a seeded deal, legal and illegal moves, and the getters', () => {
  const game = new ThreesGame(2024);
  assert.equal(game.seed(), 2024);
  assert.equal(game.getGrid().flat().filter((v) => v !== 0).length, 9);
  assert.equal(game.lastMove(), null);
  assert.ok([[1], [2], [3]].some((p) => JSON.stringify(p) === JSON.stringify(game.nextTiles())));
  assert.throws(() => game.move('sideways'), /unknown direction "sideways"/);
  assert.throws(() => game.move(), /move:/);
  let made = 0;
  for (const d of ['left', 'up', 'right', 'down', 'left', 'up']) {
    const before = JSON.stringify(game.getGrid());
    const legal = game.move(d);
    assert.equal(legal, JSON.stringify(game.getGrid()) !== before);
    if (legal) made += 1;
  }
  assert.equal(game.moveCount(), made);
  assert.equal(typeof game.score(), 'number');
  assert.equal(game.highest(), Math.max(...game.getGrid().flat()));
  assert.equal(game.isOver(), false);
  const last = game.lastMove();
  assert.ok(['up', 'down', 'left', 'right'].includes(last.direction));
  assert.equal(game.getGrid()[last.spawn[0]][last.spawn[1]], last.spawn[2]);
  for (const bad of [-1, 1.5, 2 ** 32, NaN, '7']) {
    assert.throws(() => new ThreesGame(bad), /seed must be a whole number/);
  }
  assert.equal(new ThreesGame().moveCount(), 0);
});

test('ThreesGame.load restores the identical game and refuses what is not a save', () => {
  const game = new ThreesGame(77);
  for (const d of 'LURDLLUURRDD') game.move(names[d]);
  const loaded = ThreesGame.load(game.save());
  assert.deepEqual(loaded.getGrid(), game.getGrid());
  assert.deepEqual(loaded.nextTiles(), game.nextTiles());
  assert.equal(loaded.save(), game.save());
  for (const d of ['up', 'left', 'down', 'right']) assert.equal(loaded.move(d), game.move(d));
  assert.deepEqual(loaded.getGrid(), game.getGrid());
  for (const bad of ['', '{"grid":[]}', 'threes.1.77.3.A', 42, null]) {
    assert.throws(() => ThreesGame.load(bad), (err) => err instanceof Error && /^load: /.test(err.message));
  }
});

test('the games recorded natively replay identically in Node', () => {
  const fixture = readFileSync(new URL('../fixtures/threes_games.txt', import.meta.url), 'utf8');
  for (const line of fixture.trim().split('\n')) {
    const [seed, tried, save, score, highest, count, over, grid, preview] = line.split(' ');
    const game = new ThreesGame(Number(seed));
    for (const d of tried) game.move(names[d]);
    assert.equal(game.save(), save);
    assert.equal(String(game.score()), score);
    assert.equal(String(game.highest()), highest);
    assert.equal(String(game.moveCount()), count);
    assert.equal(String(game.isOver()), over);
    assert.equal(game.getGrid().flat().join(','), grid);
    assert.equal(game.nextTiles().join(','), preview);
  }
});

test('a throwing getter or a revoked proxy is refused like any bad grid, and the board lives on', () => {
  const board = new Board();
  const throwing = new Proxy([0, 0, 0, 0], {
    get(target, key) {
      if (key === '2') throw new Error('getter says no');
      return Reflect.get(target, key);
    },
  });
  const { proxy: revoked, revoke } = Proxy.revocable([], {});
  revoke();
  for (const rows of [[[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], throwing], revoked, [revoked, [], [], []]]) {
    assert.throws(() => board.setGrid(rows), /^Error: setGrid: /);
  }
  board.setGrid([[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 3]]);
  assert.equal(board.up(), true, 'the instance still works');
  assert.deepEqual(board.getGrid()[2], [0, 0, 0, 3]);
});

test('dailySeed: the FNV-1a formula of docs/api.md, per game and calendar day; anything else throws', async () => {
  const { dailySeed } = require(pkg);
  // FNV-1a 32 as docs/api.md writes it, computed here on its own.
  const fnv = (text) => [...Buffer.from(text, 'utf8')].reduce((hash, byte) => Math.imul(hash ^ byte, 16777619) >>> 0, 2166136261);
  // Every game of the list with a day's deal.
  for (const game of readGames().filter((entry) => entry.daily).map((entry) => entry.route)) {
    for (const date of ['2026-11-25', '2026-11-26', '2024-02-29']) {
      assert.equal(dailySeed(game, date), fnv(`gridplay/${game}/${date}`), `${game} ${date}`);
    }
  }
  assert.notEqual(dailySeed('2048', '2026-11-25'), dailySeed('2048', '2026-11-26'));
  for (const bad of ['Threes', 'two words', '', 'x'.repeat(21), 2048, null]) {
    assert.throws(() => dailySeed(bad, '2026-11-25'), /^Error: dailySeed: the game must be named in lowercase letters and digits/);
  }
  for (const bad of ['2026-02-29', '2026-11-5', '25/11/2026', '', 20261125, undefined]) {
    assert.throws(() => dailySeed('threes', bad), /^Error: dailySeed: the date must be a calendar day written YYYY-MM-DD/);
  }
});

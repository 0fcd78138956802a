// The Minefield JS API contract through the real wasm-bindgen glue (see
// api.test.mjs): exact names, the cells() codes, errors as JS Errors naming the problem with
// the game left as it was, saves.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const pkg = process.env.GRIDPLAY_PKG ?? new URL('../../target/pkg-node/gridplay.js', import.meta.url).pathname;
const { Minefield } = require(pkg);

const count = (cells, code) => cells.filter((c) => c === code).length;

test('new Minefield: a hidden board, nothing placed until the first reveal', () => {
  const field = new Minefield(30, 16, 99, 7);
  assert.deepEqual([field.width(), field.height(), field.mineCount(), field.seed()], [30, 16, 99, 7]);
  assert.equal(field.status(), 'playing', 'playing before the first dig too');
  assert.equal(field.guessFree(), null, 'no mine placed yet');
  assert.equal(field.minesLeft(), 99);
  const cells = field.cells();
  assert.ok(Array.isArray(cells), 'cells() is a plain array');
  assert.equal(cells.length, 30 * 16);
  assert.ok(cells.every((c) => c === 9));
  assert.equal(typeof new Minefield(9, 9, 10).seed(), 'number', 'a random seed when none is given');
});

test('the first reveal opens an area, the same one for the same seed, and saves replay it', () => {
  const field = new Minefield(16, 16, 40, 123);
  assert.equal(field.reveal(0, 15), true);
  assert.equal(field.status(), 'playing');
  const cells = field.cells();
  assert.equal(cells[15 * 16], 0, 'the first cell is a 0');
  assert.ok(count(cells, 9) < 16 * 16 - 4);
  assert.deepEqual((() => { const again = new Minefield(16, 16, 40, 123); again.reveal(0, 15); return again.cells(); })(), cells);
  assert.equal(field.reveal(0, 15), false, 'a revealed cell: nothing changes');
  const hidden = cells.indexOf(9);
  assert.equal(field.toggleFlag(hidden % 16, Math.floor(hidden / 16)), true);
  assert.equal(field.minesLeft(), 39);
  assert.equal(field.reveal(hidden % 16, Math.floor(hidden / 16)), false, 'revealing a flag does nothing');
  const loaded = Minefield.load(field.save());
  assert.deepEqual(loaded.cells(), field.cells());
  assert.equal(loaded.status(), 'playing');
  assert.equal(loaded.undo(), true);
  assert.deepEqual(loaded.cells(), cells, 'undo takes the flag back');
});

test('a loss shows the mine that went off, every other mine and every wrong flag; then nothing changes', () => {
  const field = new Minefield(9, 9, 10, 5, false);
  field.reveal(4, 4);
  const flagged = field.cells().indexOf(9);
  field.toggleFlag(flagged % 9, Math.floor(flagged / 9));
  for (let cell = 0; field.status() === 'playing'; cell += 1) field.reveal(cell % 9, Math.floor(cell / 9));
  assert.equal(field.status(), 'lost');
  const cells = field.cells();
  assert.equal(count(cells, 12), 1);
  assert.equal(count(cells, 10) + count(cells, 11) + count(cells, 12), 10, 'every mine shows');
  assert.equal(count(cells, 10) + count(cells, 13), 1, 'the flag shows as right or wrong');
  assert.equal(field.reveal(0, 0), false);
  assert.equal(field.toggleFlag(0, 0), false);
  assert.equal(field.chord(4, 4), false);
  assert.deepEqual(field.cells(), cells);
  assert.deepEqual(Minefield.load(field.save()).cells(), cells);
});

test('a win shows every mine as a flag', () => {
  // 5×5 with 16 mines: every cell outside the first reveal's area is a mine.
  const field = new Minefield(5, 5, 16, 3);
  assert.equal(field.reveal(2, 2), true);
  assert.equal(field.status(), 'won');
  assert.equal(field.minesLeft(), 0);
  assert.equal(count(field.cells(), 10), 16);
});

test('bad input throws an Error naming the problem and changes nothing', () => {
  const cases = [
    [[4, 9, 10], /width must be 5 to 50 squares, got 4/],
    [[9, 51, 10], /height must be 5 to 50 squares, got 51/],
    [[9, 9, 0], /at least 1 mine/],
    [[9, 9, 81], /81 mines do not fit on a 9×9 board: at most 72/],
    [[9.5, 9, 10], /width must be a whole number \(0 or more\), got 9.5/],
    [['9', 9, 10], /width must be a whole number \(0 or more\), got "9"/],
    [[9, 9, 10, -1], /seed must be a whole number/],
    [[9, 9, 10, 1.5], /seed must be a whole number/],
    [[9, 9, 10, 1, 'yes'], /noGuess must be true or false/],
  ];
  for (const [args, message] of cases) {
    assert.throws(() => new Minefield(...args), (e) => e instanceof Error && message.test(e.message), String(args));
  }
  const field = new Minefield(9, 9, 10, 1);
  field.reveal(4, 4);
  const cells = field.cells();
  assert.throws(() => field.reveal(9, 0), /reveal: \(9, 0\) is off the 9×9 board/);
  assert.throws(() => field.toggleFlag(0, -1), /toggleFlag: y must be a whole number \(0 or more\), got -1/);
  assert.throws(() => field.chord(1.5, 0), /chord: x must be a whole number \(0 or more\), got 1.5/);
  assert.throws(() => field.reveal('1', 0), /reveal: x must be a whole number/);
  assert.throws(() => Minefield.load('threes.1.1.0.'), /load: this is a save of "threes", not of mines/);
  assert.throws(() => Minefield.load('mines.1.9x9x90-1-1.0.'), /load: the save's board is unreadable/);
  assert.deepEqual(field.cells(), cells);
  assert.equal(field.status(), 'playing');
});

test('guessFree(): null before the first dig; then true for a no-guess board, even one walled into a 50/50 before; kept by a save', () => {
  const field = new Minefield(5, 5, 8, 532, true);
  assert.equal(field.guessFree(), null);
  assert.equal(field.noGuess(), true);
  field.reveal(0, 2);
  assert.equal(field.guessFree(), true);
  assert.equal(Minefield.load(field.save()).guessFree(), true);
  const plain = new Minefield(9, 9, 10, 7, false);
  plain.reveal(4, 4);
  assert.equal(typeof plain.guessFree(), 'boolean', 'a plain board says whether it happens to need no guess');
  assert.equal(plain.noGuess(), false);
});

test('cellCodes(): what each number of cells() means, as the engine draws them', () => {
  const codes = Minefield.cellCodes();
  assert.deepEqual(Object.keys(codes).sort(), ['exploded', 'flag', 'hidden', 'mine', 'mostAround', 'wrongFlag']);
  assert.equal(codes.mostAround, 8, 'a square has eight around it');
  const field = new Minefield(9, 9, 10, 3);
  assert.ok(field.cells().every((code) => code === codes.hidden));
  field.reveal(4, 4);
  assert.ok(field.cells().every((code) => code === codes.hidden || (code >= 0 && code <= codes.mostAround)));
  const hidden = field.cells().indexOf(codes.hidden);
  field.toggleFlag(hidden % 9, Math.floor(hidden / 9));
  assert.equal(field.cells()[hidden], codes.flag);
  // Lose: every other code shows up (a mine, the one that went off, and the flag if it was wrong).
  const copy = Minefield.load(field.save());
  for (let c = 0; c < 81 && copy.status() !== 'lost'; c += 1) if (copy.cells()[c] === codes.hidden) copy.reveal(c % 9, Math.floor(c / 9));
  const after = copy.cells();
  assert.equal(after.filter((code) => code === codes.exploded).length, 1);
  assert.ok(after.includes(codes.mine));
  assert.ok([codes.flag, codes.wrongFlag].includes(after[hidden]));
});

test('boardProblem(): undefined for every board the constructor makes, else the constructor\'s own words', () => {
  const { min, max } = Minefield.sideLimits();
  assert.deepEqual([min, max], [5, 50]);
  const boards = [[9, 9, 10], [30, 16, 99], [min, min, 1], [max, max, max * max - 9], [min - 1, 9, 10], [9, max + 1, 10],
    [9, 9, 0], [9, 9, 73], [5, 5, 17], [9.5, 9, 10], [9, -1, 10], [9, 9, '10'], [9, 9, undefined]];
  for (const [width, height, mines] of boards) {
    const problem = Minefield.boardProblem(width, height, mines);
    let made = null;
    try {
      new Minefield(width, height, mines, 1).free();
    } catch (error) {
      made = error.message;
    }
    if (made === null) assert.equal(problem, undefined, `${width}×${height}, ${mines}`);
    else {
      assert.equal(typeof problem, 'string', `${width}×${height}, ${mines}`);
      // The same check: the constructor's message is "Minefield: " and the problem, give or take
      // how it says a value is not a whole number.
      if (Number.isInteger(width) && Number.isInteger(height) && Number.isInteger(mines) && width >= 0 && height >= 0 && mines >= 0) {
        assert.equal(made, `Minefield: ${problem}`);
      } else assert.match(problem, /must be a whole number/);
    }
  }
  assert.match(Minefield.boardProblem(60, 9, 10), /^the width must be 5 to 50 squares, got 60$/);
  assert.match(Minefield.boardProblem(9, 9, 80), /^80 mines do not fit on a 9×9 board: at most 72/);
});

test('certainlySafe(): covered squares the numbers prove safe; digging each never loses; none before the first dig or after the end', () => {
  const codes = Minefield.cellCodes();
  let proved = 0;
  for (let seed = 1; seed <= 20; seed += 1) {
    const field = new Minefield(16, 16, 40, seed, false);
    assert.deepEqual(field.certainlySafe(), []);
    field.reveal(8, 8);
    let safe = field.certainlySafe();
    // Dig what is proved safe, again and again: a player who reasons perfectly never loses.
    while (safe.length > 0 && field.status() === 'playing') {
      for (const cell of safe) assert.ok(field.cells()[cell] > codes.mostAround, 'a covered square');
      for (const cell of safe) {
        // An earlier dig's opening may have opened it already.
        if (field.cells()[cell] <= codes.mostAround) continue;
        if (field.cells()[cell] === codes.flag) field.toggleFlag(cell % 16, Math.floor(cell / 16));
        field.reveal(cell % 16, Math.floor(cell / 16));
        assert.notEqual(field.status(), 'lost', `seed ${seed}: square ${cell} was called safe`);
        proved += 1;
      }
      safe = field.certainlySafe();
    }
    if (field.status() === 'won') assert.deepEqual(field.certainlySafe(), []);
  }
  assert.ok(proved > 200, `only ${proved} squares proved safe`);
});

// The AI's JS API contract through the real wasm-bindgen glue: `bestMove(budgetMs)`
// on ThreesGame and Game2048 answers a legal direction, null exactly when the game is over,
// leaves the game as it was, refuses a bad budget with an Error, and keeps to its budget
// (on a clock the test moves: a test must not time the machine).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { random } from './random.mjs';

// The clock the engine reads (performance.now, looked up once, at its first reading): the
// machine's, or one a test sets, until it puts the machine's back.
const machineClock = performance.now.bind(performance);
let clock = machineClock;
performance.now = () => clock();

const require = createRequire(import.meta.url);
const pkg = process.env.GRIDPLAY_PKG ?? new URL('../../target/pkg-node/gridplay.js', import.meta.url).pathname;
const { Game2048, ThreesGame } = require(pkg);

const DIRECTIONS = ['up', 'down', 'left', 'right'];

for (const [name, Game] of [['ThreesGame', ThreesGame], ['Game2048', Game2048]]) {
  test(`${name}.bestMove: a legal move on random positions, null only at game over, the game unchanged`, () => {
    const next = random(7);
    let positions = 0;
    for (let seed = 1; seed <= 6; seed += 1) {
      const game = new Game(seed);
      while (!game.isOver()) {
        if (game.moveCount() % 7 === 0) {
          const before = game.save();
          const move = game.bestMove(0);
          assert.ok(DIRECTIONS.includes(move), `seed ${seed} move ${game.moveCount()}: ${move}`);
          assert.equal(game.save(), before, 'bestMove does not play');
          const trial = Game.load(before);
          assert.equal(trial.move(move), true, `seed ${seed}: ${move} is legal`);
          trial.free();
          positions += 1;
        }
        // Random legal moves, to reach positions no good player would.
        const order = [...DIRECTIONS].sort(() => next() - 0.5);
        assert.ok(order.some((d) => game.move(d)));
      }
      assert.equal(game.bestMove(0), null, `seed ${seed}: game over`);
      assert.equal(game.bestMove(5), null);
      game.free();
    }
    assert.ok(positions > 30, `${positions} positions checked`);
  });

  test(`${name}.bestMove: a budget that is not a number of milliseconds is an Error; the game is unchanged`, () => {
    const game = new Game(3);
    game.move('left');
    const before = game.save();
    for (const budget of [-1, NaN, '10', undefined, null, {}]) {
      assert.throws(() => game.bestMove(budget), (e) => e instanceof Error && /budgetMs must be a number of milliseconds/.test(e.message), String(budget));
      assert.equal(game.save(), before);
    }
    assert.ok(DIRECTIONS.includes(game.bestMove(1)), 'the instance still works');
    game.free();
  });

  test(`${name}: a budget past ten seconds is refused in words by bestMove, plan and judge, not thought over`, () => {
    const game = new Game(3);
    game.move('left');
    const before = game.save();
    for (const budget of [10_001, 1e9, 2 ** 32, Infinity]) {
      for (const [method, call] of [['bestMove', () => game.bestMove(budget)], ['plan', () => game.plan(budget)], ['judge', () => game.judge(1, budget)]]) {
        assert.throws(call, (e) => e instanceof Error && e.message.startsWith(`${method}: budgetMs is at most 10000 (ten seconds)`), `${method}(${budget})`);
      }
      assert.equal(game.save(), before);
    }
    assert.ok(DIRECTIONS.includes(game.bestMove(10)), 'a budget within it still answers');
    game.free();
  });

  test(`${name}.bestMove: keeps to its budget, on the clock it reads`, () => {
    const game = new Game(11);
    for (let i = 0; i < 40 && !game.isOver(); i += 1) game.move(game.bestMove(0));
    Game.prepareAi(); // the tables a first search builds, ahead of it (as the page's worker does)
    for (const budget of [20, 200]) {
      // A clock that moves on a millisecond each time it is read: the budget is spent after
      // that many readings, however fast or busy the machine. The search reads it as it goes
      // (an unbounded one would search on for seconds), and answers at the first reading that
      // finds the budget spent.
      const start = machineClock();
      let readings = 0;
      clock = () => {
        readings += 1;
        return start + readings;
      };
      let move;
      try {
        move = game.bestMove(budget);
      } finally {
        clock = machineClock;
      }
      assert.ok(DIRECTIONS.includes(move));
      assert.ok(readings > budget && readings <= budget + 3, `bestMove(${budget}) read its clock ${readings} times`);
    }
    game.free();
  });
}

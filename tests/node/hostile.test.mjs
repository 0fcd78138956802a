// Bad input never panics inside wasm: a panic traps (a WebAssembly.RuntimeError) and can leave
// the instance unusable for the rest of the page's life. So every exported method of every game
// is called here with arguments no page would send (wrong types, out of range, huge, hostile
// objects), and every game's `load` with corrupted saves. Each call must either succeed and
// leave a usable game, or throw a plain `Error` whose message starts with the name of what was
// called, leaving the game exactly as it was. Through the real glue, like api.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { random } from './random.mjs';

const require = createRequire(import.meta.url);
const pkg = process.env.GRIDPLAY_PKG ?? new URL('../../target/pkg-node/gridplay.js', import.meta.url).pathname;
const api = require(pkg);

const throwing = new Proxy({}, {
  get() {
    throw new Error('a getter that throws');
  },
});
const revoked = Proxy.revocable([], {});
revoked.revoke();

/** Arguments no page sends, each with a name for the failure message. */
const HOSTILE = [
  ['undefined', undefined], ['null', null], ['NaN', NaN], ['-1', -1], ['1.5', 1.5], ['-0.5', -0.5],
  ['2^31', 2 ** 31], ['2^32 + 3', 2 ** 32 + 3], ['-2^53', -(2 ** 53)], ['MAX_VALUE', Number.MAX_VALUE],
  ['Infinity', Infinity], ['-Infinity', -Infinity], ['""', ''], ['"up"', 'up'], ['"3"', '3'],
  ['a long string', 'x'.repeat(5000)], ['true', true], ['{}', {}], ['[]', []], ['[1, 2]', [1, 2]],
  ['25 zeros', Array(25).fill(0)], ['100 000 ones', Array(100_000).fill(1)], ['5n', 5n],
  ['a function', () => 1], ['a symbol', Symbol('s')], ['a throwing proxy', throwing],
  ['a revoked proxy', revoked.proxy], ['a Uint8Array', new Uint8Array(9)],
];
/** Small whole numbers, so that two-argument calls also pair a bad argument with a good one. */
const PLAIN = [0, 1, 2, 3, 4, 8, 24].map((n) => [String(n), n]);

/** Threes and 2048 alike: a move toward a random direction, and the AI's long budgets skipped. */
const SLIDING = {
  move: { name: 'move', args: (next) => [['up', 'down', 'left', 'right'][Math.floor(next() * 4)]] },
  // A valid budget is searched for that long; a long one is not bad input, only slow.
  slow: (method, args) => ['bestMove', 'plan'].includes(method) && typeof args[0] === 'number' && args[0] > 20,
};

/**
 * Every class's judge of a move it has (step 0: each game is made with one) with a budget that
 * is not bad input: valid, only slow in this unoptimised build (the AI thinks for the budget, 50
 * ms when none is given; Fifteen's solver builds its tables). Its bad steps and budgets are
 * still tried.
 */
const slowJudge = (method, [step, budget]) => method === 'judge' && step === 0
  && (budget === undefined || (typeof budget === 'number' && budget >= 0));

/**
 * Each class: how to make a game in progress, what it shows (read with methods that change
 * nothing), a move with random arguments (for games with saves), and calls to skip because
 * they are valid but slow in this unoptimised build.
 */
const CLASSES = {
  Board: { make: () => new api.Board(), shows: ['getGrid'] },
  Board2048: { make: () => new api.Board2048(), shows: ['getGrid'] },
  ThreesGame: {
    make: () => {
      const game = new api.ThreesGame(7);
      game.move('left');
      return game;
    },
    shows: ['save', 'getGrid', 'nextTiles', 'score'],
    ...SLIDING,
  },
  Game2048: {
    make: () => {
      const game = new api.Game2048(7);
      game.move('left');
      return game;
    },
    shows: ['save', 'getGrid', 'score'],
    ...SLIDING,
  },
  Fifteen: {
    make: () => {
      const game = new api.Fifteen(3, 7);
      game.slide(game.blank() % 3 > 0 ? game.blank() - 1 : game.blank() + 1);
      return game;
    },
    shows: ['save', 'tiles', 'blank', 'moveCount'],
    move: { name: 'slide', args: (next) => [Math.floor(next() * 9)] },
    // The 4×4 and 5×5 tables take minutes unoptimised.
    slow: (method, args) => method === 'prepareSolver' && [4, 5, '4', '5'].includes(args[0]),
  },
  Minefield: {
    make: () => {
      const field = new api.Minefield(9, 9, 10, 7, false);
      field.reveal(4, 4);
      return field;
    },
    shows: ['save', 'cells', 'status', 'minesLeft'],
    move: { name: 'reveal', args: (next) => [Math.floor(next() * 9), Math.floor(next() * 9)] },
  },
  TicTacToe: {
    make: () => {
      const game = new api.TicTacToe();
      game.play(4);
      return game;
    },
    shows: ['save', 'cells', 'turn'],
    move: { name: 'play', args: (next) => [Math.floor(next() * 9)] },
  },
};

function show(spec, game) {
  return JSON.stringify(spec.shows.map((name) => game[name]()));
}

/**
 * Calls `call` and checks the rule: success, or an Error (not a trap) whose message begins
 * with `name`, the game unchanged.
 */
function check(label, name, call, before, after) {
  let threw = null;
  try {
    call();
  } catch (error) {
    threw = error;
  }
  if (threw) {
    assert.ok(!(threw instanceof WebAssembly.RuntimeError), `${label} trapped inside wasm: ${threw}`);
    assert.ok(threw instanceof Error, `${label} threw a non-Error: ${String(threw)}`);
    assert.match(threw.message, new RegExp(`^${name}: \\S`), `${label}: the message should begin with "${name}: "`);
  }
  const now = after();
  if (threw && before !== undefined) assert.equal(now, before, `${label} threw but changed the game`);
}

/** The methods of a class's prototype, or its static ones, that take arguments. */
function methodsWithArguments(object) {
  return Object.getOwnPropertyNames(object)
    // Not the glue's own: `free`, and `__wrap`, which makes an object of any pointer it is given.
    .filter((name) => name !== 'constructor' && name !== 'free' && !name.startsWith('__'))
    .filter((name) => typeof object[name] === 'function' && object[name].length > 0);
}

function argumentLists(arity, next) {
  const pool = [...HOSTILE, ...PLAIN];
  const lists = [];
  // Each hostile value alone in each place, the other places plain.
  for (let place = 0; place < arity; place += 1) {
    for (const bad of HOSTILE) {
      lists.push(Array.from({ length: arity }, (_, i) => (i === place ? bad : PLAIN[i % PLAIN.length])));
    }
  }
  // And random mixtures.
  for (let n = 0; n < 60; n += 1) {
    lists.push(Array.from({ length: arity }, () => pool[Math.floor(next() * pool.length)]));
  }
  return lists;
}

for (const [className, spec] of Object.entries(CLASSES)) {
  test(`${className}: hostile arguments to every method throw an Error naming the method, or work; never a trap`, () => {
    const next = random(className.length * 7919);
    const Class = api[className];
    for (const method of methodsWithArguments(Class.prototype)) {
      for (const list of argumentLists(Class.prototype[method].length, next)) {
        const args = list.map(([, value]) => value);
        if (spec.slow?.(method, args) || slowJudge(method, args)) continue;
        const game = spec.make();
        const label = `${className}.prototype.${method}(${list.map(([name]) => name).join(', ')})`;
        check(label, method, () => game[method](...args), show(spec, game), () => show(spec, game));
        game.free();
      }
    }
    for (const method of methodsWithArguments(Class)) {
      for (const list of argumentLists(Class[method].length, next)) {
        const args = list.map(([, value]) => value);
        if (spec.slow?.(method, args)) continue;
        const label = `${className}.${method}(${list.map(([name]) => name).join(', ')})`;
        check(label, method, () => Class[method](...args), undefined, () => '');
      }
    }
    // The constructor: its messages begin with the class's name.
    for (const list of argumentLists(Math.max(Class.length, 1), next)) {
      const args = list.map(([, value]) => value);
      const label = `new ${className}(${list.map(([name]) => name).join(', ')})`;
      check(label, className, () => new Class(...args).free(), undefined, () => '');
    }
    // After all that, the module still plays.
    assert.doesNotThrow(() => show(spec, spec.make()));
  });
}

/** A corrupted copy of `text`: characters changed, dropped, repeated, or a number made huge. */
function corrupt(text, next) {
  const alphabet = 'threes2048fifteenminestictactoe.-x0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz+/=_';
  const at = Math.floor(next() * (text.length + 1));
  const pick = () => alphabet[Math.floor(next() * alphabet.length)];
  switch (Math.floor(next() * 6)) {
    case 0: return text.slice(0, at) + pick() + text.slice(at + 1);
    case 1: return text.slice(0, at) + text.slice(at + 1);
    case 2: return text.slice(0, at) + pick() + text.slice(at);
    case 3: return text.slice(0, at);
    case 4: return text.slice(0, at) + text.slice(at).repeat(1 + Math.floor(next() * 50));
    default: return text.replace(/\d+/g, (digits) => (next() < 0.3 ? String(2 ** Math.floor(next() * 64)) : digits));
  }
}

for (const [className, spec] of Object.entries(CLASSES)) {
  if (typeof api[className].load !== 'function') continue;
  test(`${className}.load: corrupted saves become a game that plays, or an Error naming load; never a trap`, () => {
    const next = random(className.length * 104729);
    const Class = api[className];
    const games = [spec.make(), spec.make()];
    // A longer game too, so the move list is worth corrupting.
    for (let i = 0; i < 30; i += 1) {
      try {
        games[1][spec.move.name](...spec.move.args(next));
      } catch {
        // An illegal choice: the game is left as it was, which is fine for making a save.
      }
    }
    const saves = games.map((game) => game.save());
    let loaded = 0;
    for (let n = 0; n < 1500; n += 1) {
      let text = saves[n % saves.length];
      for (let edits = 1 + Math.floor(next() * 3); edits > 0; edits -= 1) text = corrupt(text, next);
      let game = null;
      check(`${className}.load(${JSON.stringify(text.slice(0, 200))})`, 'load', () => {
        game = Class.load(text);
      }, undefined, () => '');
      if (!game) continue;
      loaded += 1;
      // What loads is a real game: it shows itself, saves to a text that loads the same, and
      // takes moves.
      const shown = show(spec, game);
      assert.equal(show(spec, Class.load(game.save())), shown, `${text}: a loaded game does not save and load the same`);
      for (const [method, args] of [[spec.move.name, spec.move.args(next)], ['undo', []]]) {
        if (typeof game[method] !== 'function') continue;
        check(`${className}.load(${JSON.stringify(text)}).${method}`, method, () => game[method](...args), show(spec, game), () => show(spec, game));
      }
      game.free();
    }
    // Some corruptions leave a valid save (a different deal or fewer moves); most do not.
    assert.ok(loaded > 0 && loaded < 1500, `${loaded} of 1500 corrupted saves loaded`);
  });
}

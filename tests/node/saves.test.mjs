// Saves that last, through the JS API: every kept save (tests/fixtures/saves/format-N/, recorded
// and described by tests/saves.rs) loads with the class's `load` to exactly the position it
// showed, is written back byte for byte (by its own format's build; an older format's save is
// written in today's, which must load the same), and takes one more legal move to the recorded
// position; a finished game refuses every move its game once had.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { asReadToday } from '../kept-saves.mjs';
import { createRequire } from 'node:module';
import { classOf, readGames } from '../../scripts/games.mjs';

const require = createRequire(import.meta.url);
const pkg = process.env.GRIDPLAY_PKG ?? new URL('../../target/pkg-node/gridplay.js', import.meta.url).pathname;
const api = require(pkg);
/** Every game of the list, by route (the name of its saves' files), with its class. */
const GAMES = Object.fromEntries(readGames(new URL('../../www/', import.meta.url).pathname)
  .map(({ route }) => [route, classOf(api, route)]));

const root = new URL('../fixtures/saves/', import.meta.url);

/** `[name]` starts a case; `key = value` lines follow; `#` lines are comments. */
function parse(text) {
  const cases = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const header = /^\[(.*)\]$/.exec(line);
    if (header) {
      cases.push({ name: header[1], fields: [] });
      continue;
    }
    const at = line.indexOf(' = ');
    assert.ok(at > 0 && cases.length > 0, `not a field: ${line}`);
    cases.at(-1).fields.push([line.slice(0, at), line.slice(at + 3)]);
  }
  return cases;
}

const text = (value) => (value === undefined ? 'undefined' : JSON.stringify(value));

const show = (game, keys) => keys.map((key) => [key, text(game[key]())]);

/** Moves a player might try on `game`: every move legal at some step of its game. */
function everyMoveOfItsGame(game) {
  const tried = [];
  for (let step = 0; step < game.stepCount(); step += 1) {
    const at = game.atStep(step);
    tried.push(...at.moves().map((move) => ['play', [move]]));
    at.free();
  }
  return tried;
}

/** Makes the call; whether it was a legal move (a refusal is false, 0, {ok: false} or a
 * thrown Error). */
function call(game, [method, args]) {
  try {
    const result = game[method](...args);
    return typeof result === 'object' && result !== null ? result.ok : result !== false && result !== 0;
  } catch (error) {
    assert.ok(error instanceof Error, `${method} throws an Error`);
    return false;
  }
}

/** `move("up")` → ['move', ['up']]. */
function parseCall(written) {
  const match = /^(\w+)\((.*)\)$/.exec(written);
  assert.ok(match, `not a call: ${written}`);
  return [match[1], JSON.parse(`[${match[2]}]`)];
}

const formats = readdirSync(root).filter((name) => name.startsWith('format-')).sort();
const today = Object.values(GAMES)[0].fromLink('').save().split('.')[1];

test('the saves kept include today\'s format, for every game', () => {
  assert.ok(formats.includes(`format-${today}`), formats.join(', '));
  for (const format of formats) {
    assert.deepEqual(readdirSync(new URL(`${format}/`, root)).sort(),
      Object.keys(GAMES).map((name) => `${name}.txt`).sort(), format);
  }
});

for (const format of formats) {
  for (const [file, Class] of Object.entries(GAMES)) {
    test(`${format}: every kept ${file} save loads to its position and plays on`, () => {
      const cases = parse(readFileSync(new URL(`${format}/${file}.txt`, root), 'utf8'));
      assert.ok(cases.length > 0);
      for (const { name, fields } of cases) {
        const what = `${format} ${file} [${name}]`;
        const field = (key) => fields.find(([k]) => k === key)?.[1];
        const position = asReadToday(file, fields.filter(([k]) => k !== 'save' && k !== 'then' && !k.startsWith('after.')));
        const after = asReadToday(file, fields.filter(([k]) => k.startsWith('after.') && k !== 'after.save')
          .map(([k, v]) => [k.slice('after.'.length), v]));
        const keys = position.map(([k]) => k);

        const game = Class.load(field('save'));
        assert.deepEqual(show(game, keys), position, `${what}: the position`);
        const written = game.save();
        if (format === `format-${today}`) assert.equal(written, field('save'), `${what}: written back`);
        else assert.deepEqual(show(Class.load(written), keys), position, `${what}: rewritten`);

        if (field('then') === 'none') {
          assert.deepEqual(game.moves(), [], `${what}: a finished game lists no move`);
          for (const tried of everyMoveOfItsGame(game)) {
            assert.equal(call(game, tried), false, `${what}: ${tried[0]}(${tried[1]}) is legal`);
            assert.equal(game.save(), written, `${what}: a refused move changed the game`);
          }
        } else if (game.status() !== 'playing') {
          // A move recorded after the end (a slide after a Fifteen's solve, which versions
          // before 0.2.0 took) is refused now; the save written after it still loads.
          assert.equal(call(game, parseCall(field('then'))), false, `${what}: ${field('then')} made after the end`);
          assert.equal(game.save(), written, `${what}: a refused move changed the game`);
          assert.deepEqual(show(Class.load(field('after.save')), keys), after, `${what}: the save after ${field('then')} loads`);
        } else {
          assert.ok(call(game, parseCall(field('then'))), `${what}: ${field('then')} refused`);
          assert.deepEqual(show(game, keys), after, `${what}: after ${field('then')}`);
          if (format === `format-${today}`) assert.equal(game.save(), field('after.save'), `${what}: after`);
        }
        game.free();
      }
    });
  }
}

// The members every game class has from its move log, the same on all five: one move counted
// and judged, taken back to the identical game (same save, same next deal), nothing left to
// undo, a save that loads, the seed (undefined where nothing was dealt), and the start's id
// (the same whatever the moves, the save's first three fields, another for another deal).
/** A game of `Class` dealt from seed 5 (of its first kind), or its one deal if it takes no seed. */
function dealt(Class, seed) {
  const kind = Class.presets()[0]?.link;
  try {
    return Class.fromLink([kind, `seed=${seed}`].filter(Boolean).join('/'));
  } catch {
    return Class.fromLink(kind ?? '');
  }
}
for (const [route, Class] of Object.entries(GAMES)) {
  const make = () => dealt(Class, 5);
  const game0 = make();
  // A move that counts one (a Fifteen tap two tiles from the gap moves two).
  const first = ['play', [game0.moves().find((move) => {
    const trial = Class.load(game0.save());
    trial.play(move);
    const one = trial.moveCount() === 1;
    trial.free();
    return one;
  })]];
  const seed = game0.seed();
  game0.free();
  test(`${route}: load, save, undo, moveCount, stepCount, atStep, startId and seed, as on every game`, () => {
    const game = make();
    const fresh = game.save();
    const id = game.startId();
    assert.equal(id, fresh.split('.').slice(0, 3).join('.'));
    assert.equal(game.seed(), seed);
    assert.equal(game.moveCount(), 0);
    assert.equal(game.undo(), false, 'nothing to undo');
    assert.ok(call(game, first));
    assert.equal(game.moveCount(), 1);
    const played = game.save();
    assert.equal(game.undo(), true);
    assert.equal(game.save(), fresh);
    assert.ok(call(game, first));
    assert.equal(game.save(), played, 'the same move again makes the same game');
    const loaded = game.constructor.load(played);
    assert.equal(loaded.save(), played);
    assert.equal(loaded.seed(), seed);
    assert.equal(loaded.moveCount(), 1);
    assert.equal(game.startId(), id, 'moves do not change which game it is');
    // Any step of the game, as a game of its own that plays on.
    assert.equal(game.stepCount(), 1);
    assert.equal(game.atStep(0).save(), fresh);
    const again = game.atStep(1);
    assert.equal(again.save(), played);
    assert.equal(again.moveCount(), 1);
    assert.equal(again.undo(), true);
    assert.equal(again.save(), fresh);
    for (const bad of [2, -1, 0.5, '1', undefined]) assert.throws(() => game.atStep(bad), /^Error: atStep: the step must be a whole number from 0 to 1/);
    assert.equal(game.save(), played, 'asking for a step leaves the game as it was');
    // Its one move judged by the game's helper; nothing else is a move to judge.
    const judgement = game.judge(0, 0);
    assert.equal(typeof judgement.marked, 'boolean');
    assert.ok(judgement.note.length > 0, 'a judgement says what it thinks');
    for (const bad of [1, -1, 0.5, '0', undefined]) assert.throws(() => game.judge(bad), /^Error: judge: the step must be a whole number from 0 to 0 \(one of the game's 1 moves\)/);
    for (const bad of [-1, NaN, '5']) assert.throws(() => game.judge(0, bad), /^Error: judge: budgetMs must be a number of milliseconds/);
    assert.equal(game.save(), played, 'judging leaves the game as it was');
    assert.equal(loaded.startId(), id);
    if (seed !== undefined) assert.notEqual(dealt(Class, 6).startId(), id);
    assert.throws(() => game.constructor.load('not a save'), /^Error: load: /);
    assert.equal(game.save(), played, 'a refused load leaves the game as it was');
  });
}

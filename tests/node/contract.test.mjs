// The contract every game's JS class keeps (src/contract.rs, written once for all by the wasm
// layer's macro), checked the same way for every game in the list (www/games.json): presets,
// links that deal their deal again, the moves legal now each made by play(), a refused move said
// in words with the game unchanged, one status vocabulary, the board as width, height and cells.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { classOf as classIn, readGames } from '../../scripts/games.mjs';
import { random } from './random.mjs';

const require = createRequire(import.meta.url);
const pkg = process.env.GRIDPLAY_PKG ?? new URL('../../target/pkg-node/gridplay.js', import.meta.url).pathname;
const api = require(pkg);
const games = readGames(new URL('../../www', import.meta.url).pathname);

/** The class of `route`: the one whose games' saves are tagged with the route. */
const classOf = (route) => classIn(api, route);

const STATUSES = ['playing', 'won', 'lost', 'drawn', 'over'];

test('each game says what ranks its results, whether it is timed and whether it offers undo', () => {
  const said = Object.fromEntries(games.map(({ route }) => {
    const Class = classOf(route);
    return [route, [Class.figure(), Class.timed(), Class.hasUndo()]];
  }));
  // Threes has no undo, as the original has none; a Minesweeper dig cannot be undug.
  assert.deepEqual(said, {
    threes: [{ name: 'score', lower: false }, false, false],
    2048: [{ name: 'score', lower: false }, false, true],
    fifteen: [{ name: 'moves', lower: true }, true, true],
    tictactoe: [{ name: '', lower: false }, false, true],
    mines: [{ name: 'time', lower: true }, true, false],
  });
});

for (const { route } of games) {
  const Class = classOf(route);

  test(`${route}: presets and links: each preset deals its kind at random, a link deals its deal again`, () => {
    const presets = Class.presets();
    assert.ok(Array.isArray(presets));
    for (const preset of presets) {
      assert.deepEqual(Object.keys(preset), ['name', 'label', 'link']);
      const a = Class.fromLink(preset.link);
      const b = Class.fromLink(preset.link);
      assert.equal(Class.fromLink(a.link()).save(), a.save(), `${preset.link}: the link deals it again`);
      assert.ok(a.link().startsWith(preset.link), `${preset.link}: its link says its kind (${a.link()})`);
      assert.equal(a.kind().link, preset.link, `${preset.link}: its kind is the preset's`);
      assert.ok(a.kind().name, 'a kind among several is named');
      assert.equal(a.kind().label, preset.label, `${preset.link}: its kind is said in the preset's words`);
      assert.notEqual(a.save(), b.save(), `${preset.link}: dealt at random`);
    }
    const game = Class.fromLink('');
    assert.equal(Class.fromLink(game.link()).startId(), game.startId());
    assert.equal(Class.fromLink(game.kind().link).kind().name, game.kind().name, 'the kind deals its kind');
    if (presets.length === 0) assert.deepEqual(game.kind(), { name: '', link: '', label: '' });
    // A custom deal, where the game has one, is checked by its rules and named by its link.
    const fields = Class.customFields();
    if (fields.length === 0) {
      assert.equal(Class.customLink([]).ok, false);
      assert.deepEqual(game.customValues(), []);
    } else {
      const middle = fields.map((field) => Math.min(field.max, field.min + 10));
      const made = Class.customLink(middle);
      assert.equal(made.ok, true, made.reason);
      assert.equal(Class.fromLink(made.link).kind().link, made.link, 'a custom link deals that kind');
      assert.deepEqual(Class.fromLink(made.link).customValues(), middle, 'and has those numbers');
      const over = Class.customLink(fields.map((field) => field.max + 1));
      assert.equal(over.ok, false);
      assert.match(over.reason, /\S/);
      assert.match(Class.customLink(['x', ...middle.slice(1)]).reason, /must be a whole number, got "x"$/);
    }
    for (const bad of ['nonsense=1', 'seed=x', 'seed=1/seed=2', '///=']) {
      assert.throws(() => Class.fromLink(bad), (e) => e instanceof Error && /^fromLink: \S/.test(e.message), bad);
    }
    assert.throws(() => Class.fromLink(7), /^Error: fromLink: expected a link's text, got 7$/);
  });

  test(`${route}: random games to their end: every move listed is made, every other refused in words, nothing changed`, () => {
    const next = random(route.length * 104729);
    for (let round = 0; round < 3; round += 1) {
      const game = Class.fromLink('');
      for (let step = 0; step < 300; step += 1) {
        assert.ok(STATUSES.includes(game.status()), game.status());
        assert.equal(game.cells().length, game.width() * game.height());
        const moves = game.moves();
        assert.equal(moves.length === 0, game.status() !== 'playing', 'ended exactly when no move is legal');
        if (moves.length === 0) {
          // Any move after the end is refused, the game unchanged.
          const before = game.save();
          assert.deepEqual(game.play(Class.fromLink(game.link()).moves()[0]), { ok: false, reason: 'the game is over' });
          assert.equal(game.save(), before);
          break;
        }
        for (const move of moves) {
          const copy = Class.load(game.save());
          assert.equal(copy.play(move).ok, true, JSON.stringify(move));
          copy.free();
        }
        const move = moves[Math.floor(next() * moves.length)];
        const made = game.play(move);
        assert.equal(made.ok, true);
        // What the move did, in the engine's words; and, once it ended the game, how.
        assert.match(made.said, /^[A-Z].*\.$/, JSON.stringify(move));
        const ending = game.ending();
        assert.equal(ending === null, game.status() === 'playing');
        if (ending !== null) assert.ok(made.said.endsWith(` ${ending}`), made.said);
      }
      game.free();
    }
  });

  test(`${route}: a game offering undo offers redo (redo_member!), which plays again what undo took back`, () => {
    // The page's Redo and its keys call the class's redo(); without it they say there is none.
    assert.equal(typeof Class.prototype.redo, Class.hasUndo() ? 'function' : 'undefined', 'redo() exactly where hasUndo()');
    if (!Class.hasUndo()) return;
    const game = Class.fromLink('');
    const move = game.moves()[0];
    game.play(move);
    const after = game.save();
    assert.equal(game.undo(), true);
    assert.match(game.redo(), /^[A-Z].*\.$/, 'what it did, in words');
    assert.equal(game.save(), after, 'the same move made again');
    assert.equal(game.redo(), undefined, 'nothing more to play again');
    game.free();
  });

  test(`${route}: played to its end by a loop that knows no rules, it lists no move and refuses every one it listed`, () => {
    // Its own helper's plan where it has one (Fifteen ends only when solved, which random play
    // seldom reaches), else the first move listed: `while (moves().length) play(...)` ends.
    const game = Class.fromLink('');
    const seen = new Map();
    for (let step = 0; game.moves().length > 0; step += 1) {
      assert.ok(step < 5000, 'the loop ends');
      const planned = Class.helps().includes('solve') ? game.plan(0).moves[0] : undefined;
      const move = planned ?? game.moves()[0];
      for (const listed of game.moves()) seen.set(JSON.stringify(listed), listed);
      assert.equal(game.play(move).ok, true, JSON.stringify(move));
    }
    assert.notEqual(game.status(), 'playing');
    const before = game.save();
    for (const move of seen.values()) {
      assert.deepEqual(game.play(move), { ok: false, reason: 'the game is over' }, JSON.stringify(move));
    }
    assert.equal(game.save(), before, 'nothing changed');
    game.free();
  });

  test(`${route}: bests(ms) is what ranks its results, per kind of deal, with its figure once it has one`, () => {
    const figure = Class.figure();
    const keyOf = (game, what) => (game.kind().name ? `${what}.${game.kind().name}` : what);
    // Played to its end as above, the figure checked before and after.
    const game = Class.fromLink('');
    const check = (ms) => {
      const bests = game.bests(ms);
      if (!figure.name) {
        assert.deepEqual(bests, []);
        return;
      }
      const won = game.status() === 'won';
      assert.deepEqual(bests[0], {
        name: figure.name, key: keyOf(game, 'best'), lower: figure.lower,
        value: figure.name === 'score' ? game.readouts().score : !won ? null : figure.name === 'moves' ? game.moveCount() : Math.max(1, Math.round(ms)),
      });
      const time = figure.name === 'moves' && Class.timed();
      assert.equal(bests.length, time ? 2 : 1);
      if (time) assert.deepEqual(bests[1], { name: 'time', key: keyOf(game, 'best-time'), lower: true, value: won ? Math.max(1, Math.round(ms)) : null });
    };
    check(0);
    for (let step = 0; game.moves().length > 0 && step < 5000; step += 1) {
      const planned = Class.helps().includes('solve') ? game.plan(0).moves[0] : undefined;
      game.play(planned ?? game.moves()[0]);
    }
    check(0.2);
    check(61_234.6);
    for (const ms of [-1, NaN, Infinity, '5', null]) assert.throws(() => game.bests(ms), /^Error: bests: /);
    game.free();
  });

  test(`${route}: moveAt(step) is the move a replay at that step plays next, in play()'s form`, () => {
    const next = random(route.length * 7919);
    const game = Class.fromLink('');
    for (let step = 0; step < 40 && game.moves().length > 0; step += 1) {
      const moves = game.moves();
      game.play(moves[Math.floor(next() * moves.length)]);
    }
    for (let step = 0; step < game.stepCount(); step += 1) {
      const shown = game.atStep(step);
      assert.equal(shown.play(game.moveAt(step)).ok, true);
      const after = game.atStep(step + 1);
      assert.equal(shown.save(), after.save(), `step ${step}`);
      shown.free();
      after.free();
    }
    for (const bad of [game.stepCount(), -1, 0.5, 'one']) {
      assert.throws(() => game.moveAt(bad), new RegExp(`^Error: moveAt: the step must be a whole number below ${game.stepCount()}`));
    }
    game.free();
  });
}

test('refusals name what the rules refuse, in a player\'s words: a taken square, a tile off the gap\'s line, a direction that moves nothing', () => {
  const refused = (game, move) => {
    const before = game.save();
    const result = game.play(move);
    assert.equal(game.save(), before, 'unchanged');
    assert.equal(result.ok, false);
    return result.reason;
  };
  const ttt = classOf('tictactoe').fromLink('');
  ttt.play(4);
  assert.equal(refused(ttt, 4), 'row 2, column 2 already holds an X');

  // A 3×3 puzzle: a tile in neither the blank's row nor its column, and the blank itself.
  const fifteen = classOf('fifteen').fromLink('tiles=123456780');
  assert.equal(fifteen.status(), 'won', 'a solved board is won');
  const puzzle = classOf('fifteen').fromLink('tiles=123456708');
  assert.equal(refused(puzzle, 0), 'tile 1 is not in line with the gap');
  assert.equal(refused(puzzle, 7), 'that is the gap: a tile in its row or column slides into it');
  assert.equal(refused(puzzle, 'up'), 'no tile can slide up');
  assert.equal(puzzle.play('left').ok, true);
  assert.equal(puzzle.status(), 'won');
  assert.throws(() => puzzle.play(9), /^Error: play: expected a cell from 0 to 8 or a direction, got 9$/);

  // 2048 on a board where nothing moves up: its seed 1's start, checked by moves().
  const Class2048 = classOf('2048');
  let game = null;
  for (let seed = 0; !game; seed += 1) {
    const candidate = Class2048.fromLink(`seed=${seed}`);
    if (!candidate.moves().includes('up')) game = candidate;
  }
  assert.equal(refused(game, 'up'), 'nothing can move up');
  assert.throws(() => game.play('north'), /^Error: play: expected "up", "down", "left" or "right", got "north"$/);

  const field = classOf('mines').fromLink('9x9x10/seed=3');
  assert.deepEqual(field.moves().slice(0, 2), [{ x: 0, y: 0, act: 'dig' }, { x: 0, y: 0, act: 'flag' }]);
  assert.equal(field.play({ x: 4, y: 4, act: 'dig' }).ok, true);
  const open = field.cells().findIndex((code) => code === 0);
  const [x, y] = [open % 9, Math.floor(open / 9)];
  assert.equal(refused(field, { x, y, act: 'dig' }), `row ${y + 1}, column ${x + 1} is already open`);
  // A dig on an open number is a chord: refused, with the chord's reason, while its flags are short.
  const number = field.cells().findIndex((code) => code >= 1 && code <= 8);
  const [nx, ny] = [number % 9, Math.floor(number / 9)];
  assert.equal(refused(field, { x: nx, y: ny, act: 'dig' }), `the flags around row ${ny + 1}, column ${nx + 1} do not make ${field.cells()[number]} yet`);
  assert.throws(() => field.play({ x: 9, y: 0, act: 'dig' }), /^Error: play: \(9, 0\) is not a square of the 9×9 board/);
  assert.throws(() => field.play({ x: 1, y: 1, act: 'open' }), /^Error: play: act must be "dig", "flag" or "chord", got "open"$/);
});

test('each class says its route, its one name: the address of its page and the tag of its saves', () => {
  for (const { route } of games) {
    const Class = classOf(route);
    assert.equal(Class.route(), route);
    const game = Class.fromLink(Class.presets()[0]?.link ?? '');
    assert.equal(game.save().split('.')[0], route, `${route}: its saves' tag`);
    game.free();
  }
});

test('the read-outs beside the board are the engine\'s, named in each game\'s words', () => {
  const threes = classOf('threes').fromLink('seed=5');
  const { score, next, points } = threes.readouts();
  assert.equal(score, threes.score());
  assert.deepEqual(next, threes.nextTiles(), 'the next card (or a bonus card\'s candidates)');
  assert.deepEqual(points, threes.tileScores().flat(), 'each square\'s card\'s points');
  assert.equal(points.reduce((sum, p) => sum + p, 0), score, 'the score is the cards\' points');
  for (let i = 0; threes.status() === 'playing'; i += 1) threes.play(threes.moves()[i % threes.moves().length]);
  assert.deepEqual(threes.readouts().next, [], 'no next card once the game is over');

  const tiles = classOf('2048').fromLink('seed=5');
  assert.deepEqual(tiles.readouts(), { score: 0, made2048: false });
  tiles.play(tiles.moves()[0]);
  assert.equal(tiles.readouts().score, tiles.score());

  const field = classOf('mines').fromLink('9x9x10/seed=3');
  assert.deepEqual(field.readouts(), { minesLeft: 10, mines: 10, dug: false });
  field.play(field.onSquare('flag', 0).move);
  assert.deepEqual(field.readouts(), { minesLeft: 9, mines: 10, dug: false }, 'a flag counts off a mine, and places none');
  field.play(field.onSquare('dig', 40).move);
  assert.equal(field.readouts().dug, true, 'the first dig places the mines');

  const ttt = classOf('tictactoe').fromLink('');
  assert.deepEqual(ttt.readouts(), { turn: 'X', winner: '', line: [] });
  ttt.play(4);
  assert.deepEqual(ttt.readouts(), { turn: 'O', winner: '', line: [] });
  for (const cell of [0, 1, 3, 7]) ttt.play(cell); // X takes the middle column
  assert.equal(ttt.status(), 'won');
  assert.deepEqual(ttt.readouts(), { turn: '', winner: 'X', line: [1, 4, 7] }, 'nobody\'s turn once ended; who won, and where');

  const puzzle = classOf('fifteen').fromLink('tiles=123456708');
  assert.deepEqual(puzzle.readouts(), { inPlace: [0, 1, 2, 3, 4, 5, 6] }, 'the tiles in their places');
  puzzle.play(puzzle.toward('left').move);
  assert.deepEqual(puzzle.readouts(), { inPlace: [0, 1, 2, 3, 4, 5, 6, 7] });
});

test('input becomes the contract\'s move through toward() and onSquare(), as the terminal\'s does; what makes none says why', () => {
  for (const { route } of games) {
    const Class = classOf(route);
    const game = Class.fromLink(Class.presets()[0]?.link ?? '');
    const legal = game.moves().map((move) => JSON.stringify(move));
    for (const direction of ['up', 'down', 'left', 'right']) {
      const found = game.toward(direction);
      if (!Class.directions()) {
        assert.equal(found.ok, false, `${route}: no direction makes a move`);
        assert.match(found.reason, /is not played by directions/);
        continue;
      }
      // A direction's move is one play() takes, and one of moves() where the rules allow it.
      if (found.ok && legal.includes(JSON.stringify(found.move))) {
        const copy = Class.load(game.save());
        assert.equal(copy.play(found.move).ok, true, `${route}: ${direction}`);
        copy.free();
      } else if (!found.ok) {
        assert.equal(typeof found.reason, 'string');
      }
    }
    assert.throws(() => game.toward('north'), /^Error: toward: /);
    const acts = Class.acts();
    for (const act of acts) {
      for (let cell = 0; cell < game.width() * game.height(); cell += 1) {
        const found = game.onSquare(act, cell);
        if (!found.ok) {
          assert.ok(found.reason.length > 0, `${route}: ${act} on ${cell} says why not`);
          continue;
        }
        const copy = Class.load(game.save());
        const played = copy.play(found.move);
        assert.ok(played.ok || played.reason.length > 0, `${route}: ${act} on ${cell}`);
        copy.free();
      }
      assert.equal(game.onSquare(act, game.width() * game.height()).reason, 'there is no such square');
    }
    assert.throws(() => game.onSquare('juggle', 0), /^Error: onSquare: expected an act of /);
    if (acts.length > 0) assert.throws(() => game.onSquare(acts[0], -1), /^Error: onSquare: the cell/);
    assert.equal(Class.directions() || acts.length > 0, true, `${route}: played by directions or on squares`);
    game.free();
  }
  // The moves they give, for each kind of input: Fifteen's tap slides a row of tiles; a dig on
  // a covered square digs it; an arrow in 2048 is that direction.
  const puzzle = classOf('fifteen').fromLink('tiles=123456708');
  assert.deepEqual(puzzle.onSquare('slide', 6), { ok: true, move: 6 });
  assert.deepEqual(puzzle.toward('left'), { ok: true, move: 8 });
  assert.deepEqual(puzzle.onSquare('slide', 0), { ok: false, reason: 'tile 1 is not in line with the gap' });
  const field = classOf('mines').fromLink('9x9x10/seed=3');
  assert.deepEqual(field.onSquare('flag', 10), { ok: true, move: { x: 1, y: 1, act: 'flag' } });
  assert.deepEqual(field.onSquare('dig', 10), { ok: true, move: { x: 1, y: 1, act: 'dig' } });
  const tiles = classOf('2048').fromLink('seed=1');
  for (const direction of ['up', 'down', 'left', 'right']) assert.deepEqual(tiles.toward(direction), { ok: true, move: direction });
  const ttt = classOf('tictactoe').fromLink('');
  ttt.play(4);
  assert.deepEqual(ttt.onSquare('mark', 4), { ok: true, move: 4 }, 'a taken square is a move the rules then refuse');
  assert.equal(ttt.play(ttt.onSquare('mark', 4).move).reason, 'row 2, column 2 already holds an X');
});

test('a picker of presets is written from the engine\'s presets, never by hand', async () => {
  const { writePresets } = await import('../../scripts/games.mjs');
  const { readFileSync } = await import('node:fs');
  for (const { route } of games) {
    const presets = classOf(route).presets();
    const html = readFileSync(new URL(`../../www/js/${route}/view.html`, import.meta.url), 'utf8');
    const marker = /<!-- build: presets name="[a-z-]+" -->/.test(html);
    assert.equal(marker, presets.length > 0, `${route}: its view.html has a picker of presets iff its engine has presets`);
    for (const preset of presets) {
      assert.ok(!html.includes(`value="${preset.name}"`), `${route}: the preset ${preset.name} is written by hand in view.html`);
    }
    // The day's deal (www/games.json) is one of the engine's kinds: a preset's link, or the one kind.
    const daily = games.find((game) => game.route === route).daily;
    if (daily) assert.ok(presets.length === 0 ? daily.length === 0 : presets.some((p) => p.link === daily.join('/')), `${route}: its day's deal is a preset`);
    const written = writePresets(html, presets);
    const values = [...written.matchAll(/<input type="radio" name="[a-z-]+" value="([^"]+)"> ([^<]+)</g)].map((m) => [m[1], m[2]]);
    assert.deepEqual(values.slice(0, presets.length), presets.map((p) => [p.name, p.label]), `${route}: a radio per preset, in order`);
  }
});

for (const { route } of games) {
  const Class = classOf(route);

  test(`${route}: the helpers it offers plan moves that play() makes, each save after them the game's`, () => {
    const helps = Class.helps();
    assert.ok(helps.every((help) => ['hint', 'autoplay', 'solve'].includes(help)), `${route}: ${helps}`);
    const game = Class.fromLink(Class.presets()[0]?.link ?? '');
    try {
      const plan = game.plan(5);
      if (helps.length === 0) {
        assert.deepEqual(plan.moves, [], `${route} offers no helper and plans nothing`);
        return;
      }
      assert.ok(plan.moves.length > 0);
      assert.equal(plan.solution, helps.includes('solve'), 'a solver plans to the end, an AI one move');
      assert.deepEqual(game.moves().map(String).includes(String(plan.moves[0])), true, 'its first move is legal now');
      plan.moves.forEach((move, i) => {
        assert.equal(game.play(move).ok, true, `move ${i} of the plan is made`);
        assert.equal(plan.saves[i], game.save(), `the save after move ${i} is the game's`);
      });
      if (plan.solution) assert.equal(game.status(), 'won', 'a solution played out wins');
    } finally {
      game.free();
    }
  });
}

test('the helpers\' buttons are written from the engine\'s helps(), never by hand', async () => {
  const { writeHelpers } = await import('../../scripts/games.mjs');
  const { readFileSync } = await import('node:fs');
  for (const { route } of games) {
    const helps = classOf(route).helps();
    const html = readFileSync(new URL(`../../www/js/${route}/view.html`, import.meta.url), 'utf8');
    assert.equal(html.includes('<!-- build: helpers -->'), helps.length > 0, `${route}: a place for its helpers iff it has some`);
    assert.ok(!/id="(hint|autoplay|solve)"/.test(html), `${route}: a helper's button written by hand`);
    const ids = [...writeHelpers(html, helps).matchAll(/<button type="button" id="(hint|autoplay|solve)"/g)].map((m) => m[1]);
    assert.deepEqual(ids, helps, `${route}: a button per helper, in order`);
  }
});

for (const { route } of games) {
  const Class = classOf(route);

  test(`${route}: a game for two names its sides, whose turn it is, who won and the computer's reply`, () => {
    const sides = Class.sides();
    assert.ok(Array.isArray(sides) && (sides.length === 0 || sides.length === 2), `${route}: ${sides}`);
    if (sides.length === 0) return;
    const game = Class.fromLink('');
    try {
      // The computer plays both sides: each reply is a legal move of the side to move, and
      // perfect play from both ends in a draw.
      for (let turn = 0; game.status() === 'playing'; turn += 1) {
        assert.equal(game.turn(), sides[turn % 2], `move ${turn} is ${sides[turn % 2]}'s`);
        const reply = game.bestMove();
        assert.ok(game.moves().includes(reply), `reply ${reply} is legal`);
        assert.equal(game.play(reply).ok, true);
      }
      assert.equal(game.status(), 'drawn');
      assert.equal(game.winner(), null);
    } finally {
      game.free();
    }
  });
}

test('every game answers caution(): null where there is nothing to warn of (a deal of each kind, played on)', () => {
  for (const { route } of games) {
    const Class = classOf(route);
    for (const { link } of Class.presets().length ? Class.presets() : [{ link: '' }]) {
      const game = Class.fromLink(link);
      try {
        assert.equal(game.caution(), null, `${route} ${link}: at the start`);
        for (let i = 0; i < 5 && game.moves().length > 0; i += 1) game.play(game.moves()[0]);
        assert.equal(game.caution(), null, `${route} ${link}: played on`);
      } finally {
        game.free();
      }
    }
  }
});

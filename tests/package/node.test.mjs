// The packed gridplay-engine in Node, loaded as its README says (the wasm's bytes from the
// entry's "<entry>.wasm" export handed to init), through its "exports" as a user resolves it.
// Run by `make test-package`, which unpacks the package into node_modules/ here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { perGame, readGames } from '../../scripts/games.mjs';

const manifest = JSON.parse(readFileSync(new URL(import.meta.resolve('gridplay-engine/package.json')), 'utf8'));
const bytes = (entry) => readFile(new URL(import.meta.resolve(`${entry === 'gridplay-engine' ? 'gridplay-engine/gridplay' : entry}.wasm`)));

// What each game's entry must hold, and one move of its game.
const GAMES = {
  threes: { classes: ['Board', 'ThreesGame'], play: (m) => new m.ThreesGame(42).move('left') },
  2048: { classes: ['Board2048', 'Game2048'], play: (m) => new m.Game2048(7).move('up') },
  fifteen: { classes: ['Fifteen'], play: (m) => new m.Fifteen(3, 1).solve().length > 0 },
  mines: { classes: ['Minefield'], play: (m) => new m.Minefield(9, 9, 10, 2026).reveal(4, 4) },
  tictactoe: {
    classes: ['TicTacToe'],
    play: (m) => {
      const game = new m.TicTacToe();
      return game.play(4).ok && game.marks()[4] === 'X' && game.play(4).reason === 'row 2, column 2 already holds an X';
    },
  },
};
// Every game of the list has its entry here: a game added to it fails these tests until it has.
perGame(GAMES, readGames(), 'GAMES');

/** The README's formula for the day's seed: FNV-1a, 32 bits, of `gridplay/<game>/<date>`. */
function fnv1a(text) {
  let hash = 2166136261;
  for (const byte of new TextEncoder().encode(text)) hash = Math.imul(hash ^ byte, 16777619) >>> 0;
  return hash;
}

test('the package has an entry, with its types and its wasm, for every game and for all of them', () => {
  const entries = Object.keys(manifest.exports).filter((path) => !path.endsWith('.wasm') && path !== './package.json');
  // One entry a game, named by its route, as the page's address and its saves are.
  assert.deepEqual(entries.sort(), ['.', ...readGames().map((game) => `./${game.route}`)].sort());
  for (const path of entries) {
    assert.match(manifest.exports[path].types, /\.d\.ts$/, path);
    assert.ok(manifest.exports[`${path === '.' ? './gridplay' : path}.wasm`], `${path} has no .wasm export`);
  }
  assert.equal(manifest.type, 'module');
  assert.equal(manifest.license, 'MIT');
});

for (const [path, game] of [['gridplay-engine', null], ...Object.keys(manifest.exports)
  .filter((p) => p.startsWith('./') && !p.endsWith('.wasm') && p !== './package.json')
  .map((p) => [`gridplay-engine/${p.slice(2)}`, GAMES[p.slice(2)]])]) {
  test(`${path}: init() with the wasm's bytes, a move, and bad input refused by name`, async () => {
    const engine = await import(path);
    await engine.default({ module_or_path: await bytes(path) });
    const games = game ? [game] : Object.values(GAMES);
    const classes = games.flatMap((g) => g.classes);
    const exported = Object.keys(engine).filter((name) => /^[A-Z]/.test(name));
    assert.deepEqual(exported.sort(), classes.sort(), 'the classes of its games, no others');
    for (const g of games) assert.equal(g.play(engine), true);
    assert.equal(engine.dailySeed('2048', '2026-11-25'), fnv1a('gridplay/2048/2026-11-25'));
    assert.throws(() => engine.dailySeed('2048', 'tomorrow'), { name: 'Error', message: /^dailySeed: the date must be a calendar day/ });
  });
}

test('the package is the crate\'s version, with the CHANGELOG that names it', () => {
  // tests/node/version.test.mjs holds CHANGELOG.md's newest heading to Cargo.toml's version;
  // this, that the tarball carries both as they are.
  const repo = (path) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
  const cargo = repo('Cargo.toml').split(/^\[/m).find((table) => table.startsWith('package]')).match(/^version\s*=\s*"([^"]+)"/m)?.[1];
  assert.equal(manifest.name, 'gridplay-engine');
  assert.equal(manifest.version, cargo, 'package.json\'s version is Cargo.toml\'s');
  assert.equal(readFileSync(new URL(import.meta.resolve('gridplay-engine/package.json').replace(/package\.json$/, 'CHANGELOG.md')), 'utf8'),
    repo('CHANGELOG.md'), 'the CHANGELOG packed is the repository\'s');
});

test('initSync takes the same bytes, and the README\'s errors are the ones thrown', async () => {
  // A module instance of its own (the query), so that initSync, not an earlier init(), loads it.
  // (The module itself, not Node's entry that wraps it and is loaded already.)
  const engine = await import(`${new URL('./gridplay.js', import.meta.resolve('gridplay-engine'))}?sync`);
  assert.throws(() => new engine.ThreesGame(42), /^Error: gridplay-engine: await init\(\)/, 'nothing works before its wasm is loaded');
  engine.initSync({ module: await bytes('gridplay-engine') });
  const game = new engine.ThreesGame(42);
  assert.throws(() => game.move('diagonal'), {
    name: 'Error',
    message: 'move: unknown direction "diagonal": expected "up", "down", "left" or "right"',
  });
  assert.throws(() => new engine.Fifteen(6), {
    name: 'Error',
    message: 'Fifteen: the size must be 3, 4 or 5 (a square board of that width), got 6',
  });
  assert.throws(() => engine.ThreesGame.load('hi'), { name: 'Error', message: 'load: not a Gridplay save' });
  assert.throws(() => new engine.TicTacToe().play(9), {
    name: 'Error',
    message: 'play: cell 9 is off the board (cells are 0 to 8)',
  });
  assert.throws(() => engine.Minefield.fromLink('30x16'), {
    name: 'Error',
    message: 'fromLink: “30x16” is not a board: width, height and mines as 30x16x99',
  });
  assert.equal(game.move('left'), true, 'the game plays on after a refusal');
});

test('CommonJS: require() takes an entry on a Node that can require ES modules (this one), and init() reads its wasm', async (t) => {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major === 20 && minor < 19) {
    t.skip(`Node ${process.versions.node} cannot require ES modules (the README says so)`);
    return;
  }
  const { execFileSync } = await import('node:child_process');
  const script = `const { default: init, ThreesGame } = require('gridplay-engine/threes');
init().then(() => { const game = new ThreesGame(42); process.stdout.write(String(game.moves().length > 0)); });`;
  const out = execFileSync(process.execPath, ['--no-warnings', '-e', script], { cwd: new URL('.', import.meta.url), encoding: 'utf8' });
  assert.equal(out, 'true');
});

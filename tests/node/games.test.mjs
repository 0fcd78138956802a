// The one list of games (www/games.json) and what is derived from it: nothing that names the
// games may drift from the list. The places that cannot be derived at build time (the cargo
// features, the Rust modules, the game folders) are checked against it; the places that are
// derived are checked to hold no hand-kept copy that could go stale.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { cardMarkup, classOf, missingGameFiles, readCard, readGames } from '../../scripts/games.mjs';

const root = new URL('../../', import.meta.url).pathname;
const api = createRequire(import.meta.url)(process.env.GRIDPLAY_PKG ?? join(root, 'target/pkg-node/gridplay.js'));
const www = join(root, 'www');
const read = (path) => readFileSync(join(root, path), 'utf8');
const games = readGames(www);
const engines = games.map((game) => game.engine);

test('every entry of the list has its folder, card and engine feature, one line each', () => {
  for (const game of games) {
    assert.deepEqual(missingGameFiles(www, game.route), [], `${game.route}: its folder www/js/${game.route}/`);
    const card = readCard(www, game.route, classOf(api, game.route));
    assert.match(cardMarkup(game, card), new RegExp(`data-game="${game.route}" href="#${game.route}"`));
    // A card's figures come from its engine: one per kind of deal, the usual one the default.
    const kinds = classOf(api, game.route).presets();
    assert.equal(card.figures.length, Math.max(1, kinds.length), `${game.route}: a figure per kind`);
    if (kinds.length > 0) assert.equal(card.figures.filter((figure) => figure.default).length, 1, `${game.route}: one default`);
  }
  // One line a game, so adding one is one line.
  const lines = read('www/games.json').split('\n').filter((line) => line.includes('"route"'));
  assert.equal(lines.length, games.length, 'each game on a line of its own');
});

test('every game folder (www/js/<route>/ with a mount.js) is in the list', () => {
  const folders = readdirSync(join(www, 'js'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(www, 'js', entry.name, 'mount.js')))
    .map((entry) => entry.name);
  assert.deepEqual(folders.sort(), games.map((game) => game.route).sort());
});

test('the cargo features, the crate\'s modules and their JS classes are the list\'s engines', () => {
  const cargo = read('Cargo.toml');
  const features = /^\[features\]\n([\s\S]*?)(?=^\[|(?![\s\S]))/m.exec(cargo)[1];
  const defaults = JSON.parse(/^default = (\[.*\])$/m.exec(features)[1]);
  // Besides the engines, the default builds the terminal binary and the helpers (features that
  // are no engine).
  assert.deepEqual([...defaults].filter((f) => f !== 'terminal' && f !== 'helpers').sort(), [...engines].sort(), 'Cargo.toml: default = every engine, and only those');
  for (const engine of engines) assert.match(features, new RegExp(`^${engine} = \\["js"\\]$`, 'm'), `Cargo.toml: feature ${engine}, with the JS bindings`);
  // Each engine is a module of the crate (src/lib.rs), its JS class in its own folder with its
  // feature; the JS surface's shared part names no engine (the AI's bench exports aside).
  const lib = read('src/lib.rs');
  for (const engine of engines) {
    assert.match(lib, new RegExp(`^pub mod ${engine};$`, 'm'), `src/lib.rs: the module ${engine}`);
    assert.match(read(`src/${engine}/mod.rs`), new RegExp(`#\\[cfg\\(feature = "${engine}"\\)\\]\\npub mod wasm;`), `src/${engine}/mod.rs: its JS class, with its feature`);
  }
  // The crate's list of games (every_game! in src/lib.rs: the terminal serves each game on it),
  // in the list's order; tests/term_play.rs holds its routes to the list too.
  const listed = /macro_rules! every_game \{[\s\S]*?\$then!\(([\s\S]*?)\)/.exec(lib)[1];
  assert.deepEqual([...listed.matchAll(/\$crate::(\w+)::/g)].map((m) => m[1]), engines, 'src/lib.rs: every_game! lists the engines in the list\'s order');
  const wasm = read('src/wasm/mod.rs').replace(/^#\[cfg\(all\(feature = "bench".*$/m, '').replace(/\/\/.*$/gm, '');
  assert.deepEqual(engines.filter((engine) => wasm.includes(`"${engine}"`) || wasm.includes(`mod ${engine};`)), [], 'src/wasm/mod.rs names no engine');
});

test('the Makefile builds the list\'s engines', () => {
  const make = execFileSync('make', ['-n', '-s', 'build'], { cwd: root, encoding: 'utf8' });
  for (const engine of engines) {
    assert.match(make, new RegExp(`--features \\$game`), 'one engine build per engine');
    assert.ok(make.includes(` ${engine}`), `make build: ${engine}`);
  }
  const loop = /^for game in (.*); do/m.exec(make)[1].trim().split(/\s+/);
  assert.deepEqual(loop, engines, 'make build compiles exactly the list\'s engines');
});

test('nothing else keeps its own copy of the list', () => {
  // The home cards, the routes, each route's files, the shortcuts and the precache's engines
  // are written by the build; the sources hold none of them by hand.
  assert.doesNotMatch(read('www/index.html'), /class="game-card"|gridplay\.\w+\.best/, 'index.html: no hand-written card');
  assert.match(read('www/index.html'), /<!-- build: the games' cards -->/);
  const manifest = JSON.parse(read('www/manifest.webmanifest'));
  assert.equal(manifest.shortcuts, undefined, 'manifest: no hand-written shortcuts');
  assert.ok(manifest.description.includes('{games}'), 'manifest: the description names the games from the list ({games})');
  assert.match(read('www/index.html'), /<meta name="description" content="[^"]*\{games\}/, 'index.html: the description names the games from the list ({games})');
  assert.doesNotMatch(read('www/js/app/app.js'), /const GAMES\b/, 'app.js: routes from gridplay:games');
  assert.match(read('www/js/app/app.js'), /import \{ GAMES \} from 'gridplay:games';/);
  assert.match(read('www/js/app/boot.js'), /const GAME_FILES = __GAME_FILES__;/, 'boot.js: route files from the bundle');
  for (const script of ['scripts/build-site.mjs', 'scripts/build-sw.mjs', 'scripts/perf.mjs']) {
    const source = read(script);
    assert.match(source, /readGames\(/, `${script} reads the list`);
    for (const game of games) {
      assert.doesNotMatch(source, new RegExp(`['"/](${game.engine}|${game.route})['"/]`), `${script} names ${game.route}`);
    }
  }
});

/** Every module of www/js/ outside a game's folder ('midend/shell.js', …). */
function sharedModules() {
  const routes = new Set(games.map((game) => game.route));
  return readdirSync(join(www, 'js'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !routes.has(entry.name))
    .flatMap((dir) => readdirSync(join(www, 'js', dir.name)).filter((name) => name.endsWith('.js')).map((name) => `${dir.name}/${name}`));
}

test('no shared code names a game: the helpers\' worker finds a class by its route, a card\'s art is in its game\'s sheet', () => {
  const names = games.flatMap((game) => [classOf(api, game.route).name, game.route]);
  for (const file of sharedModules()) {
    const code = read(`www/js/${file}`).replace(/\/\/.*|\/\*[\s\S]*?\*\//g, '');
    for (const name of names) {
      assert.doesNotMatch(code, new RegExp(`['"]${name}['"]|\\b${name}\\b(?!\\.)`), `${file} names ${name}`);
    }
  }
  assert.doesNotMatch(read('www/css/style.css'), /\.art-/, 'style.css: no card art (each is in its game\'s sheet)');
  for (const game of games) {
    assert.match(read(`www/css/${game.route}.css`), new RegExp(`\\.art-${game.route}\\b`), `${game.route}: its card's art is styled in css/${game.route}.css`);
  }
});

test('a mistake in the list is refused with its reason', () => {
  const bad = (games) => {
    const dir = mkdtempSync(join(tmpdir(), 'gridplay-games-'));
    writeFileSync(join(dir, 'games.json'), JSON.stringify(games));
    return () => {
      try {
        readGames(dir);
      } finally {
        rmSync(dir, { recursive: true });
      }
    };
  };
  assert.throws(bad([{ route: 'threes', title: 'Threes', engine: 'threes' }, { route: 'threes', title: 'Again', engine: 'other' }]), /a second game with route threes/);
  assert.throws(bad([{ route: 'Threes!', title: 'Threes', engine: 'threes' }]), /route must be/);
  assert.throws(bad([{ route: 'home', title: 'Home', engine: 'home' }]), /not home/);
  assert.throws(bad([{ route: 'x', title: 'X', engine: 'x', colour: 'red' }]), /unknown field colour/);
  assert.throws(bad([{ route: 'x', engine: 'x' }]), /no title/);
});

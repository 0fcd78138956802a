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
import { cardMarkup, classOf, missingGameFiles, perGame, readCard, readGames } from '../../scripts/games.mjs';

const root = new URL('../../', import.meta.url).pathname;
const api = createRequire(import.meta.url)(process.env.GRIDPLAY_PKG ?? join(root, 'target/pkg-node/gridplay.js'));
const www = join(root, 'www');
const read = (path) => readFileSync(join(root, path), 'utf8');
const games = readGames(www);
const routes = games.map((game) => game.route);
/** Each game's module of the crate, in the list's order: the crate's list of games
 * (every_game! in src/lib.rs; the terminal serves each game on it) names them. */
const modules = [.../macro_rules! every_game \{[\s\S]*?and_the_test_game!\(([\s\S]*?)\)/.exec(read('src/lib.rs'))[1].matchAll(/\$crate::(\w+)::/g)].map((m) => m[1]);

test('every entry of the list has its folder, card and engine feature, one line each', () => {
  for (const game of games) {
    assert.deepEqual(missingGameFiles(www, game.route), [], `${game.route}: its folder www/js/${game.route}/`);
    const card = readCard(www, game.route, classOf(api, game.route));
    // A card leads to the game's own page.
    assert.match(cardMarkup(game, card), new RegExp(`data-game="${game.route}" href="${game.route}\\.html"`));
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

test('one name a game: its route is its cargo feature, and its class says it; the crate\'s list of games is the list\'s', () => {
  const cargo = read('Cargo.toml');
  const features = /^\[features\]\n([\s\S]*?)(?=^\[|(?![\s\S]))/m.exec(cargo)[1];
  const defaults = JSON.parse(/^default = (\[.*\])$/m.exec(features)[1]);
  // Besides the games, the default builds the terminal binary and the helpers (features that
  // are no game).
  assert.deepEqual([...defaults].filter((f) => f !== 'terminal' && f !== 'helpers').sort(), [...routes].sort(), 'Cargo.toml: default = every game, and only those');
  for (const route of routes) assert.match(features, new RegExp(`^"?${route}"? = \\["js"\\]$`, 'm'), `Cargo.toml: feature ${route}, with the JS bindings`);
  // Each game is a module of the crate (src/lib.rs; a Rust name, which may not begin with a
  // digit), its JS class in its own folder with the game's feature, saying its route.
  const lib = read('src/lib.rs');
  assert.equal(modules.length, routes.length, 'src/lib.rs: every_game! lists every game of the list, in its order');
  routes.forEach((route, i) => {
    assert.match(lib, new RegExp(`^pub mod ${modules[i]};$`, 'm'), `src/lib.rs: the module ${modules[i]}`);
    assert.match(read(`src/${modules[i]}/mod.rs`), new RegExp(`#\\[cfg\\(feature = "${route}"\\)\\]\\npub mod wasm;`), `src/${modules[i]}/mod.rs: its JS class, with its feature`);
    assert.equal(classOf(api, route).route(), route, `${route}: its class says its route`);
  });
  const wasm = read('src/wasm/mod.rs').replace(/^#\[cfg\(all\(feature = "bench".*$/m, '').replace(/\/\/.*$/gm, '');
  // The JS surface's shared part names no game (the AI's bench exports aside).
  assert.deepEqual(routes.filter((route, i) => wasm.includes(`feature = "${route}"`) || wasm.includes(`mod ${modules[i]};`)), [], 'src/wasm/mod.rs names no game');
});

test('the Makefile builds an engine for each game of the list', () => {
  const make = execFileSync('make', ['-n', '-s', 'build'], { cwd: root, encoding: 'utf8' });
  for (const route of routes) {
    assert.match(make, new RegExp(`--features \\$game`), 'one engine build per game');
    assert.ok(make.includes(` ${route}`), `make build: ${route}`);
  }
  const loop = /^for game in (.*); do/m.exec(make)[1].trim().split(/\s+/);
  assert.deepEqual(loop, routes, 'make build compiles an engine for exactly the list\'s games');
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
  // The app routes by the games its page names (ui/games.js, from boot.js's page data, which
  // the build writes), and holds no game of its own.
  assert.doesNotMatch(read('www/js/app/app.js'), /const GAMES\b/, 'app.js: routes from ui/games.js');
  assert.match(read('www/js/app/app.js'), /import \{ GAMES \} from '\.\.\/ui\/games\.js';/);
  assert.doesNotMatch(read('www/js/ui/games.js'), new RegExp(games.map((game) => `['"]${game.route}['"]`).join('|')), 'ui/games.js names no game');
  assert.match(read('www/js/app/boot.js'), /const PAGE = __PAGE__;/, 'boot.js: the page\'s games from the build');
  for (const script of ['scripts/build-site.mjs', 'scripts/build-sw.mjs', 'scripts/perf.mjs']) {
    const source = read(script);
    assert.match(source, /readGames\(/, `${script} reads the list`);
    for (const game of games) {
      assert.doesNotMatch(source, new RegExp(`['"/](${game.route})['"/]`), `${script} names ${game.route}`);
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
});

/** Every game with the folder its page's files are in: the list's, in www/, and the test game's
 * (docs/design.md's "Adding a game"), in tests/sixth/www/, its line in tests/sixth/game.json. */
const pages = [
  ...games.map((game) => ({ game, dir: www })),
  { game: JSON.parse(read('tests/sixth/game.json')), dir: join(root, 'tests/sixth/www') },
];

/** The selectors of the stylesheet `css`, each alone (a list split at its commas). */
const selectors = (css) => [...css.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/([^{}]+)\{/g)]
  .flatMap((match) => match[1].split(',')).map((selector) => selector.trim());

test('every game\'s card art is styled where home draws it: in its card\'s sheet, by its card\'s .art-<route>, not scoped to its route', () => {
  for (const { game, dir } of pages) {
    // Home's page holds each game's css/<route>-card.css (a game's page its own css/<route>.css).
    const sheet = join(dir, 'css', `${game.route}-card.css`);
    assert.ok(existsSync(sheet), `${game.route}: css/${game.route}-card.css draws its card`);
    const art = selectors(readFileSync(sheet, 'utf8'));
    assert.ok(art.length > 0 && art.every((selector) => new RegExp(`^\\.art-${game.route}\\b`).test(selector)),
      `${game.route}: css/${game.route}-card.css styles its card's art (.art-${game.route}) and nothing else`);
    // Home is drawn with the body's data-route "home": a rule under the game's route never
    // reaches its card, whose art is then blank; nor is one in the game's own sheet, which
    // home's page does not hold.
    const own = join(dir, 'css', `${game.route}.css`);
    if (existsSync(own)) {
      assert.ok(!selectors(readFileSync(own, 'utf8')).some((selector) => selector.includes(`.art-${game.route}`)),
        `${game.route}: css/${game.route}.css leaves the card's art to css/${game.route}-card.css`);
    }
  }
});

test('every game with a day\'s deal (`daily` in its line) exports dailySeed from its mount.js, which deals it', () => {
  const dealt = pages.filter(({ game }) => game.daily);
  assert.ok(dealt.some(({ game }) => game.route === 'lights'), 'the test game has a day\'s deal');
  for (const { game, dir } of dealt) {
    const mount = readFileSync(join(dir, 'js', game.route, 'mount.js'), 'utf8').replace(/\/\/.*|\/\*[\s\S]*?\*\//g, '');
    assert.match(mount, /export\s*\{[^}]*\bdailySeed\b[^}]*\}|export\s+(async\s+)?(function|const|let)\s+dailySeed\b/,
      `${game.route}: its line has daily, and its mount.js exports no dailySeed (#${game.route}/daily would deal nothing)`);
  }
});

test('a game with an end panel and no score says its ending: its view has ended(game), which gives the panel its result', () => {
  // The shell's ending.js shows the engine's readouts().score where the view gives no ended():
  // a game keeping none would say "Solved in 0 moves". (The test game's engine is not in this
  // package; tests/e2e/sixth.test.mjs reads its panel's result.)
  for (const game of games) {
    const mount = read(`www/js/${game.route}/mount.js`).replace(/\/\/.*|\/\*[\s\S]*?\*\//g, '');
    const dealt = classOf(api, game.route).fromLink('');
    const score = dealt.readouts().score;
    dealt.free();
    if (!/\bpanel:\s*\{/.test(mount) || score !== undefined) continue;
    assert.match(read(`www/js/${game.route}/view.js`), /^ {2}ended\(game\b/m, `${game.route}: an end panel, no score, and no ended() in its view.js`);
  }
});

test('a test\'s table of every game is read in the list\'s order, and refused without a game of the list or with one not in it', () => {
  const table = Object.fromEntries(routes.map((route) => [route, `keys of ${route}`]).reverse());
  assert.deepEqual(perGame(table, games), routes.map((route) => [route, `keys of ${route}`]));
  const lacking = { ...table };
  delete lacking[routes.at(-1)];
  assert.throws(() => perGame(lacking, games, 'KEYS'), new RegExp(`^Error: KEYS: no entry for ${routes.at(-1)} `));
  assert.throws(() => perGame({ ...table, sixth: 'keys' }, games, 'KEYS'), /^Error: KEYS: an entry for sixth, which is not in/);
});

/** The test modules (every .mjs under tests/), each as {path, text}. */
const testModules = () => readdirSync(join(root, 'tests'), { recursive: true, withFileTypes: true })
  .map((entry) => join(entry.parentPath, entry.name))
  .filter((path) => path.endsWith('.mjs') && !path.includes('node_modules'))
  .map((path) => ({ path: path.slice(root.length), text: readFileSync(path, 'utf8') }));

/** Each table of every game the test modules keep by hand: a `const NAME = {` whose keys (one a
 * line, one level in) are the list's routes, as {path, name}. */
function handTables(modules) {
  const tables = [];
  for (const { path, text } of modules) {
    const lines = text.split('\n');
    lines.forEach((line, i) => {
      const start = /^(\s*)(?:export )?const (\w+) = \{$/.exec(line);
      if (!start) return;
      const [, indent, name] = start;
      const end = lines.findIndex((close, j) => j > i && close === `${indent}};`);
      const keys = lines.slice(i + 1, end).map((key) => new RegExp(`^${indent}  (['"]?)([\\w-]+)\\1:`).exec(key)?.[2]).filter(Boolean);
      if (routes.every((route) => keys.includes(route))) tables.push({ path, name });
    });
  }
  return tables;
}

test('no test goes over a hand-kept table of every game but through perGame, so a game added to the list is not skipped', () => {
  const modules = testModules();
  const tables = handTables(modules);
  assert.ok(tables.some(({ name }) => name === 'FIRST_MOVE'), 'the tables are found (app.test.mjs\'s FIRST_MOVE)');
  // A table is gone over in its module or in another (race.mjs's RACE_KEYS, by race.test.mjs).
  const text = modules.map((module) => module.text).join('\n');
  for (const { path, name } of tables) {
    const iterated = new RegExp(`Object\\.(keys|values|entries)\\(${name}\\)`).test(text);
    assert.ok(!iterated || text.includes(`perGame(${name},`), `${path}: ${name} is gone over with Object.keys/values/entries, not checked by perGame`);
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
  assert.throws(bad([{ route: 'threes', title: 'Threes' }, { route: 'threes', title: 'Again' }]), /a second game with route threes/);
  assert.throws(bad([{ route: 'Threes!', title: 'Threes' }]), /route must be/);
  assert.throws(bad([{ route: 'home', title: 'Home' }]), /not home/);
  assert.throws(bad([{ route: 'x', title: 'X', colour: 'red' }]), /unknown field colour/);
  assert.throws(bad([{ route: 'x', title: 'X', engine: 'x' }]), /unknown field engine/, 'a game has one name, its route');
  assert.throws(bad([{ route: 'x' }]), /no title/);
});

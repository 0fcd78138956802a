// The source's layering, as docs/design.md gives it: no module imports one that imports it back,
// and nothing imports upward. Rust: the crate's top-level modules (a game with its AI and its
// judge; the shared pieces below them) form no loop; the JS class surface (`wasm`), which names
// every game, is the one place above them. JS: www/js/ by role (docs/design.md), each role
// above the ones it uses.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { readGames } from '../../scripts/games.mjs';

const root = new URL('../../', import.meta.url).pathname;
/** The games' Rust modules, as the crate's list of games names them (every_game! in src/lib.rs). */
const engines = [.../macro_rules! every_game \{[\s\S]*?\$then!\(([\s\S]*?)\)/.exec(readFileSync(join(root, 'src', 'lib.rs'), 'utf8'))[1]
  .matchAll(/\$crate::(\w+)::/g)].map((m) => m[1]);

/** Every .rs file under `dir`. */
const rustFiles = (dir) => readdirSync(dir).flatMap((name) => {
  const path = join(dir, name);
  if (statSync(path).isDirectory()) return rustFiles(path);
  return path.endsWith('.rs') ? [path] : [];
});

/** Each top-level module of src/ (but the binaries and the JS surface) → the modules it uses. */
function rustModules() {
  const src = join(root, 'src');
  const graph = new Map();
  for (const entry of readdirSync(src)) {
    const name = entry.replace(/\.rs$/, '');
    if (['bin', 'lib', 'wasm'].includes(name)) continue;
    const path = join(src, entry);
    const code = (statSync(path).isDirectory() ? rustFiles(path) : [path])
      .map((file) => readFileSync(file, 'utf8').replace(/\/\/.*$/gm, '')).join('\n');
    graph.set(name, new Set([...code.matchAll(/crate::(\w+)/g)].map((m) => m[1]).filter((used) => used !== name)));
  }
  return graph;
}

/** A loop in `graph` as the names along it, or null. */
function findLoop(graph) {
  const state = new Map();
  const visit = (node, path) => {
    if (state.get(node) === 'open') return [...path.slice(path.indexOf(node)), node];
    if (state.get(node) === 'done' || !graph.has(node)) return null;
    state.set(node, 'open');
    for (const next of graph.get(node)) {
      const found = visit(next, [...path, node]);
      if (found) return found;
    }
    state.set(node, 'done');
    return null;
  };
  for (const node of graph.keys()) {
    const found = visit(node, []);
    if (found) return found;
  }
  return null;
}

test('the crate\'s modules use one another without a loop', () => {
  const graph = rustModules();
  assert.ok(graph.has('threes') && graph.has('replay'), 'the modules were read');
  assert.equal(findLoop(graph)?.join(' → ') ?? null, null);
  // The shared pieces name no game: a game is above them.
  for (const shared of ['replay', 'direction', 'grid', 'rng', 'contract', 'judge', 'ai']) {
    const games = [...graph.get(shared)].filter((used) => engines.includes(used));
    assert.deepEqual(games, [], `${shared} uses a game`);
  }
});

/** www/js/ by role, lowest first: a module imports only from its own folder or a lower one. A
 * game's folder sits above every role but the app's, and imports from no other game. The kits
 * sit above the mid end (the mid end times a slide, move-queue.js, and a kit draws it), and the
 * helpers above both (a game's wiring hands its shell their loader, helpers/load-helpers.js). */
const ROLES = ['ui', 'store', 'input', 'midend', 'kits', 'helpers', 'features'];
const routes = readGames(join(root, 'www')).map((game) => game.route);
const rank = (folder) => (ROLES.includes(folder) ? ROLES.indexOf(folder) : routes.includes(folder) ? ROLES.length : ROLES.length + 1);

/** A relative module `code` imports: at its load (`from '…'`, `import '…'`) or when first used
 * (`import('…')`, `import(new URL('…', import.meta.url).href)`), each held to the same order. */
const IMPORT = /\b(?:from|import)\s*(?:\(\s*(?:new\s+URL\(\s*)?)?(['"])(\.\.?\/[^'"]+)\1/g;

/** Each relative import of `code` (`file`'s, its path under www/js/) as a path under www/js/,
 * types (in comments) aside. */
function importedPaths(file, code) {
  return [...code.replace(/\/\/.*|\/\*[\s\S]*?\*\//g, '').matchAll(IMPORT)].map((m) => join(file, '..', m[2]));
}

/** What in `code` (`file`'s) imports against the order: "<file> imports from <folder>/" each. */
function breaches(file, code) {
  const folder = file.split('/')[0];
  return importedPaths(file, code).map((path) => path.split('/')[0])
    .filter((used) => !['..', folder, 'pkg', 'css'].includes(used))
    .filter((used) => rank(used) >= rank(folder) || routes.includes(used))
    .map((used) => `${file} imports from ${used}/`);
}

test('an import when first used is read as one at load is', () => {
  const loads = (code) => breaches('midend/x.js', code);
  assert.deepEqual(loads("import(new URL('../helpers/buttons.js', import.meta.url).href)"), ['midend/x.js imports from helpers/']);
  assert.deepEqual(loads("await import( '../kits/board-view.js')"), ['midend/x.js imports from kits/']);
  assert.deepEqual(loads("import { x } from '../helpers/y.js';\nimport '../features/z.js';"), ['midend/x.js imports from helpers/', 'midend/x.js imports from features/']);
  assert.deepEqual(loads("import(new URL('./pause.js', import.meta.url).href); import('../input/keys.js')"), []);
  assert.deepEqual(loads("/** @param {import('../helpers/helper.js').Helper} h */ // import('../kits/k.js')"), [], 'a type in a comment is no import');
  assert.deepEqual(breaches('kits/x.js', "import(new URL('../midend/move-queue.js', import.meta.url).href)"), []);
});

test('www/js/ by role: nothing imports upward, no game imports another', () => {
  const js = join(root, 'www', 'js');
  const folders = readdirSync(js, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
  assert.deepEqual(folders.filter((f) => !ROLES.includes(f) && !routes.includes(f) && f !== 'app'), [], 'every folder is a role, a game or the app');
  const files = folders.flatMap((folder) => readdirSync(join(js, folder)).filter((name) => name.endsWith('.js')).map((name) => `${folder}/${name}`));
  assert.ok(importedPaths('helpers/load-helpers.js', readFileSync(join(js, 'helpers', 'load-helpers.js'), 'utf8')).includes('helpers/buttons.js'), 'the helpers\' loader\'s import of their script was read');
  assert.deepEqual(files.flatMap((file) => breaches(file, readFileSync(join(js, file), 'utf8'))), []);
});

test('the crate as packaged holds its code, its docs and its licence, not the page, the scripts or the tests', async () => {
  const { execFileSync } = await import('node:child_process');
  const listed = execFileSync('cargo', ['package', '--list', '--allow-dirty', '--offline'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
    .split('\n').filter(Boolean);
  for (const needed of ['Cargo.toml', 'Cargo.lock', 'README.md', 'LICENSE', 'CHANGELOG.md', 'src/lib.rs', 'benches/engine.rs', 'docs/rules.md']) {
    assert.ok(listed.includes(needed), `${needed} is in the crate`);
  }
  assert.deepEqual(listed.filter((path) => /^(www|scripts|tests|npm|node_modules|target)\//.test(path)), [], 'none of the page\'s, the scripts\' or the tests\' files');
});

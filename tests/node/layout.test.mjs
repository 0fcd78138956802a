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
 * game's folder sits above every role but the app's, and imports from no other game. */
const ROLES = ['ui', 'store', 'kits', 'input', 'midend', 'helpers', 'features'];

/** The folder each relative import of `file` (its path under www/js/) reaches, types aside. */
function importedFolders(file) {
  const code = readFileSync(join(root, 'www', 'js', file), 'utf8').replace(/\/\/.*|\/\*[\s\S]*?\*\//g, '');
  return [...code.matchAll(/(?:from\s+|import\()\s*['"](\.\.?\/[^'"]+)['"]/g)]
    .map((m) => join(file, '..', m[1]).split('/')[0]);
}

test('www/js/ by role: nothing imports upward, no game imports another', () => {
  const js = join(root, 'www', 'js');
  const folders = readdirSync(js, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
  const routes = readGames(join(root, 'www')).map((game) => game.route);
  assert.deepEqual(folders.filter((f) => !ROLES.includes(f) && !routes.includes(f) && f !== 'app'), [], 'every folder is a role, a game or the app');
  const rank = (folder) => (ROLES.includes(folder) ? ROLES.indexOf(folder) : routes.includes(folder) ? ROLES.length : ROLES.length + 1);
  for (const folder of folders) {
    for (const file of readdirSync(join(js, folder)).filter((name) => name.endsWith('.js'))) {
      for (const used of importedFolders(`${folder}/${file}`)) {
        if (used === '..' || used === folder || used === 'pkg' || used === 'css') continue;
        assert.ok(rank(used) < rank(folder) && !(routes.includes(used)), `${folder}/${file} imports from ${used}/`);
      }
    }
  }
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

// Writes the engine's npm package (`make package`): the wasm-pack outputs that `make build`
// makes, side by side in one folder, with a package.json whose "exports" name an entry per game
// and one with every game, npm/README.md, the LICENSE and CHANGELOG.md. Derived from www/games.json
// (scripts/games.mjs) and Cargo.toml, so a new game or version touches nothing here.
//
// Entries: "." is every game (gridplay.js); "./<route>" each game's engine alone, named as the
// game is everywhere (its address, its cargo feature, its saves' tag), built with its cargo
// feature and the helpers (`make package` builds these again: a page's own engine leaves the
// helpers and the other calls out). Each has its .d.ts as "types", and its
// wasm under "<entry>.wasm" ("gridplay-engine/2048.wasm", "gridplay-engine/gridplay.wasm").
// In Node (the "node" condition) an entry is <name>.node.js, whose init() without an argument
// reads that wasm from the package: Node's fetch cannot read the file: URL the glue asks for.
//
// Usage: node scripts/build-package.mjs <out-dir> <wasm-pack-out-dir>...
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readGames } from './games.mjs';

const NAME = 'gridplay-engine';
// The module with every game, wasm-pack's default name (the crate's).
const ALL = 'gridplay';

const [outArg, ...pkgs] = process.argv.slice(2);
if (!outArg || pkgs.length === 0) {
  console.error('usage: node scripts/build-package.mjs <out-dir> <wasm-pack-out-dir>...');
  process.exit(2);
}
const root = new URL('..', import.meta.url).pathname;

/** The [package] table's `key = "value"` in Cargo.toml, so the package says what the crate says. */
function cargoField(key) {
  const text = readFileSync(join(root, 'Cargo.toml'), 'utf8');
  const table = text.split(/^\[/m).find((section) => section.startsWith('package]'));
  const value = new RegExp(`^${key}\\s*=\\s*"([^"]*)"`, 'm').exec(table ?? '')?.[1];
  if (!value) throw new Error(`Cargo.toml: no ${key} in [package]`);
  return value;
}

/** The one module of a wasm-pack --target web output (its name without .js), checked whole. */
function moduleOf(dir) {
  if (!existsSync(dir)) throw new Error(`${dir} is missing: run make build first`);
  const modules = readdirSync(dir).filter((file) => file.endsWith('.js'));
  if (modules.length !== 1) throw new Error(`${dir}: expected one .js module, found ${modules.join(', ') || 'none'}`);
  const name = modules[0].slice(0, -'.js'.length);
  for (const file of [`${name}.d.ts`, `${name}_bg.wasm`]) {
    if (!existsSync(join(dir, file))) throw new Error(`${dir}: no ${file}`);
  }
  // The glue is one file only while no Rust code imports JS of its own (snippets/); the
  // package would need those files, and "sideEffects" would have to name them.
  if (existsSync(join(dir, 'snippets'))) throw new Error(`${dir}: has snippets/, which the package does not ship`);
  return name;
}

const games = readGames(join(root, 'www'));
const dirs = new Map(pkgs.map((dir) => [moduleOf(dir), dir]));
for (const name of [ALL, ...games.map((game) => game.route)]) {
  if (!dirs.has(name)) throw new Error(`no wasm-pack output with ${name}.js among ${pkgs.join(' ')}`);
}

/** Replaces each of `from` in `text`, which must hold it exactly `count` times: the glue
 * wasm-bindgen writes is patched only where it is as expected, or the build stops. */
function patch(text, from, to, count, what) {
  const found = text.split(from).length - 1;
  if (found !== count) throw new Error(`build-package: ${what}: expected ${count} of ${JSON.stringify(from)} in the glue, found ${found}`);
  return text.replaceAll(from, to);
}

/**
 * `name`'s glue, as the package ships it: before init(), any use of the engine (a class, a
 * function) throws an Error saying which init to call, rather than "Cannot read properties of
 * undefined (reading 'game2048_new')".
 */
function glue(name, dir) {
  let text = readFileSync(join(dir, `${name}.js`), 'utf8');
  const from = name === ALL ? NAME : `${NAME}/${name}`;
  text = patch(text, 'let wasmModule, wasmInstance, wasm;', [
    'let wasmModule, wasmInstance;',
    '// gridplay-engine: the engine until init() has loaded it, which says so at any use.',
    'const NOT_LOADED = new Proxy({}, {',
    `  get(_, member) { throw new Error(\`gridplay-engine: await init() (the default export of "${from}") or call initSync() before using it (\${String(member)})\`); },`,
    '});',
    'let wasm = NOT_LOADED;',
  ].join('\n'), 1, 'the engine before init');
  return patch(text, 'if (wasm !== undefined) return wasm;', 'if (wasm !== NOT_LOADED) return wasm;', 2, 'init done once');
}

/**
 * `name`'s entry for Node (the "node" condition of its export): the same module, whose init()
 * without an argument reads the entry's wasm from the package (Node's fetch cannot read a file:
 * URL, which the browser's module asks for).
 */
const nodeEntry = (name) => `// gridplay-engine's ${name} entry in Node: ${name}.js, whose init() with no argument reads
// ${name}_bg.wasm from the package itself.
import { readFile } from 'node:fs/promises';
import init from './${name}.js';

export * from './${name}.js';

export default async function initInNode(moduleOrPath) {
  return init(moduleOrPath ?? { module_or_path: await readFile(new URL('./${name}_bg.wasm', import.meta.url)) });
}
`;

/**
 * What the types name from outside the language's core (init()'s `RequestInfo`, `Response`,
 * `BufferSource`, `WebAssembly`; every class's `Symbol.dispose`), brought in by the .d.ts
 * itself: they check in a project with the browser's lib alone, or Node's types alone, without
 * a `lib` the user must know to add.
 */
const TYPES_NEED = '/// <reference lib="dom" />\n/// <reference lib="esnext.disposable" />\n';

const out = outArg;
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const files = [];
for (const [name, dir] of dirs) {
  writeFileSync(join(out, `${name}.js`), glue(name, dir));
  writeFileSync(join(out, `${name}.node.js`), nodeEntry(name));
  const types = patch(readFileSync(join(dir, `${name}.d.ts`), 'utf8'), 'export type GameName = string;',
    `export type GameName = ${games.map((game) => JSON.stringify(game.route)).join(' | ')};`, 1, 'the games\' names');
  writeFileSync(join(out, `${name}.d.ts`), `${TYPES_NEED}${types}`);
  copyFileSync(join(dir, `${name}_bg.wasm`), join(out, `${name}_bg.wasm`));
  files.push(`${name}.js`, `${name}.node.js`, `${name}.d.ts`, `${name}_bg.wasm`);
}
copyFileSync(join(root, 'npm', 'README.md'), join(out, 'README.md'));
copyFileSync(join(root, 'LICENSE'), join(out, 'LICENSE'));
// What changed between versions (npm packs README and LICENSE by itself, this only if named).
copyFileSync(join(root, 'CHANGELOG.md'), join(out, 'CHANGELOG.md'));
files.push('CHANGELOG.md');

// The type of an entry's `.wasm` import, as a bundler's file loader gives it (esbuild's
// `--loader:.wasm=file`): the file's URL, which init() takes.
writeFileSync(join(out, 'wasm.d.ts'), `// The import of an entry's .wasm ("gridplay-engine/2048.wasm") as a bundler's file loader gives
// it (esbuild's --loader:.wasm=file): the URL of the file, to hand to init({ module_or_path }).
declare const url: string;
export default url;
`);
files.push('wasm.d.ts');

const exports = {};
const entry = (path, name) => {
  exports[path] = { types: `./${name}.d.ts`, node: `./${name}.node.js`, default: `./${name}.js` };
  exports[`${path === '.' ? `./${ALL}` : path}.wasm`] = { types: './wasm.d.ts', default: `./${name}_bg.wasm` };
};
entry('.', ALL);
for (const game of games) {
  entry(`./${game.route}`, game.route);
}
exports['./package.json'] = './package.json';
// Entries first, their wasm after: the order a reader of the map looks for them.
const ordered = Object.fromEntries([
  ...Object.entries(exports).filter(([path]) => !path.endsWith('.wasm')),
  ...Object.entries(exports).filter(([path]) => path.endsWith('.wasm')),
]);

const manifest = {
  name: NAME,
  version: cargoField('version'),
  description: `The rules, AI and solvers of ${new Intl.ListFormat('en').format(games.map((game) => game.title))} in WebAssembly, with TypeScript types: one module with every game, or one game's alone`,
  license: cargoField('license'),
  keywords: ['puzzle', 'game', 'wasm', 'webassembly', 'typescript', ...games.map((game) => game.title.toLowerCase().replaceAll(' ', '-')), 'sliding-puzzle', 'solver'],
  type: 'module',
  main: `./${ALL}.js`,
  types: `./${ALL}.d.ts`,
  exports: ordered,
  files: files.sort(),
  // Importing a module runs nothing (the wasm loads at init()), so a bundler may drop one unused.
  sideEffects: false,
  // The oldest Node the package is tested on (import.meta.resolve, which its README uses, is 20.6's).
  engines: { node: '>=20.6' },
};
writeFileSync(join(out, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`${NAME}@${manifest.version} in ${out}: ${Object.keys(ordered).filter((path) => !path.endsWith('.wasm') && path !== './package.json').join(', ')}`);

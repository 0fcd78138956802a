// The view contract (www/js/midend/view-contract.js, the typedef GameView) is the one word on
// what a game's view offers the mid end: every game's view (the list of games', and the test
// game's) has each member it says is required, and every member the shared code calls on a
// game's view (`shell.view`, the shell's `this.view`) is a line of it, so a new call comes with
// its line or this fails; and no line is left that nothing calls.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readGames } from '../../scripts/games.mjs';

const root = new URL('../../', import.meta.url).pathname;
const www = join(root, 'www');
const games = readGames(www);
/** The test game (tests/sixth/): its line of the list, and its page's folder. */
const sixth = JSON.parse(readFileSync(join(root, 'tests', 'sixth', 'game.json'), 'utf8'));

/** The contract's members, by name: {required, type}, read from GameView's @property lines. */
function contract() {
  const source = readFileSync(join(www, 'js', 'midend', 'view-contract.js'), 'utf8');
  const typedef = /\/\*\*((?:(?!\*\/)[\s\S])*@typedef \{object\} GameView[\s\S]*?)\*\//.exec(source)?.[1];
  assert.ok(typedef, 'view-contract.js has the typedef GameView');
  const members = new Map();
  for (const line of typedef.split('\n').filter((l) => l.includes('@property'))) {
    // The type is in braces that may hold braces ({(game: object, options: {best: number}) => void}).
    let at = line.indexOf('{', line.indexOf('@property'));
    const start = at;
    for (let depth = 0; ; at += 1) {
      assert.ok(at < line.length, `unbalanced type: ${line}`);
      if (line[at] === '{') depth += 1;
      if (line[at] === '}' && --depth === 0) break;
    }
    const [, optional, name] = /^\s*(\[)?([\w$]+)\]?\s/.exec(line.slice(at + 1)) ?? [];
    assert.ok(name, `a member's name: ${line}`);
    members.set(name, { required: !optional, type: line.slice(start + 1, at) });
  }
  return members;
}

/** Code without its comments (nor the contract's words in them). */
const code = (file) => readFileSync(file, 'utf8').replace(/\/\/.*|\/\*[\s\S]*?\*\//g, '');

/**
 * Every member the shared code (www/js/ outside the games' folders) reads or calls on a game's
 * view, → the files that do: `shell.view.x`, `this.view.x` (the shell's own), and `view.x` where
 * `view` was taken from a shell (`const { view } = this.shell`). A view handed on whole (any
 * other use of `shell.view`) is refused, since what it is called on would be out of sight.
 */
function membersCalled() {
  const routes = new Set(games.map((game) => game.route));
  const js = join(www, 'js');
  const files = readdirSync(js, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !routes.has(entry.name))
    .flatMap((dir) => readdirSync(join(js, dir.name)).filter((name) => name.endsWith('.js')).map((name) => `${dir.name}/${name}`));
  const called = new Map();
  const note = (member, file) => called.set(member, [...(called.get(member) ?? []), file]);
  for (const file of files) {
    const text = code(join(js, file));
    for (const [use, member] of text.matchAll(/\b(?:this\.shell|this|shell)\.view\b(?:\??\.\s*([\w$]+))?/g)) {
      assert.ok(member, `${file}: ${use} handed on whole: call its members here, each a line of the contract`);
      note(member, file);
    }
    if (/\{[^}]*\bview\b[^}]*\}\s*=\s*(?:this\.)?shell\b/.test(text)) {
      for (const [, member] of text.matchAll(/(?<![.\w$])view\??\.\s*([\w$]+)/g)) note(member, file);
    }
  }
  return called;
}

/**
 * Each game's view as its mount.js makes it (`new X(…)` given as the shell's `view`), the class
 * from its view.js; `dir` is the js/ folder it is in. The test game's page is copied beside a
 * copy of www/js/ (its modules import the shared ones by relative paths, as in the site).
 */
async function viewClass(dir, route) {
  const mount = code(join(dir, route, 'mount.js'));
  const name = /(?:\bconst view\s*=|\bview:)\s*new\s+([\w$]+)\s*\(/.exec(mount)?.[1];
  assert.ok(name, `${route}/mount.js makes its view (new …) and gives it to the shell`);
  const module = await import(pathToFileURL(join(dir, route, 'view.js')).href);
  assert.equal(typeof module[name], 'function', `${route}/view.js exports ${name}`);
  return module[name];
}

/** Where `Class`'s instances find `member` (their class's, or one it extends), or undefined. */
function defined(Class, member) {
  for (let proto = Class.prototype; proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
    const found = Object.getOwnPropertyDescriptor(proto, member);
    if (found) return found;
  }
  return undefined;
}

const withSixth = mkdtempSync(join(tmpdir(), 'gridplay-views-'));
after(() => rmSync(withSixth, { recursive: true, force: true }));
cpSync(join(www, 'js'), join(withSixth, 'js'), { recursive: true });
cpSync(join(root, 'tests', 'sixth', 'www', 'js'), join(withSixth, 'js'), { recursive: true });

const views = [
  ...games.map((game) => ({ route: game.route, dir: join(www, 'js') })),
  { route: sixth.route, dir: join(withSixth, 'js') },
];

for (const { route, dir } of views) {
  test(`${route}: its view has every member the contract requires`, async () => {
    const View = await viewClass(dir, route);
    for (const [member, { required, type }] of contract()) {
      const found = defined(View, member);
      if (required) assert.ok(found, `${View.name} (${route}) has no ${member}, which the view contract requires`);
      // A member the contract calls is a method (its own, not a getter's value).
      if (found && type.includes('=>')) assert.equal(typeof found.value, 'function', `${View.name}.${member} is a method`);
    }
  });
}

test('every member the mid end reads on a view is a line of the contract, and every line is read', () => {
  const members = contract();
  const called = membersCalled();
  assert.ok(called.has('draw') && called.has('showHint'), 'the calls were read (the shell\'s and the helpers\')');
  for (const [member, files] of called) {
    assert.ok(members.has(member), `${[...new Set(files)].join(', ')} call${files.length > 1 ? '' : 's'} view.${member}, which view-contract.js's GameView does not list`);
  }
  for (const member of members.keys()) assert.ok(called.has(member), `GameView lists ${member}, which nothing calls`);
});

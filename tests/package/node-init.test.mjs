// The packed gridplay-engine in Node as a newcomer first tries it, each test file a process of
// its own, so nothing here has been loaded before: a class used before init() says which init
// to call; `await init()` with no argument loads the entry's own wasm (its "node" export).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

const manifest = JSON.parse(readFileSync(new URL(import.meta.resolve('gridplay-engine/package.json')), 'utf8'));
// Each module once (an entry per game and one for all of them, each named as the package names it).
const entries = [...new Map(Object.keys(manifest.exports).filter((path) => !path.endsWith('.wasm') && path !== './package.json')
  .map((path) => (path === '.' ? 'gridplay-engine' : `gridplay-engine/${path.slice(2)}`))
  .map((entry) => [import.meta.resolve(entry), entry])).values()];

test('the package says which Node it needs', () => {
  assert.equal(manifest.engines.node, '>=20.6');
});

for (const entry of entries) {
  test(`${entry}: a class before init() says to call init(); init() with no argument then loads it`, async () => {
    const engine = await import(entry);
    const Game = Object.values(engine).find((value) => typeof value?.fromLink === 'function');
    assert.throws(() => Game.fromLink(''), (error) => error instanceof Error
      && /^gridplay-engine: await init\(\) \(the default export of "gridplay-engine(\/\w+)?"\) or call initSync\(\) before using it/.test(error.message));
    await engine.default();
    const game = Game.fromLink('');
    const made = game.play(game.moves()[0]);
    assert.equal(made.ok, true);
    assert.equal(typeof made.said, 'string');
    // Called again, it loads nothing more.
    await engine.default();
    assert.ok(game.moveCount() >= 1);
  });
}

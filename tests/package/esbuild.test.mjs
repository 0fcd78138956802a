// The packed gridplay-engine bundled by esbuild as its README says (the entry's wasm imported
// with the file loader and handed to init), the bundle played in Chromium: the page loads, a
// game plays a move, the wasm is the one esbuild copied beside the bundle.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { launchBrowser, startServer } from '../e2e/harness.mjs';

test('esbuild: the README\'s command bundles an entry and its wasm, and the bundle plays in Chromium', async () => {
  const here = new URL('.', import.meta.url).pathname;
  const site = mkdtempSync(join(tmpdir(), 'gridplay-esbuild-'));
  // The README's example, in this folder (where node_modules/gridplay-engine is), bundled out of it.
  const main = join(here, '.esbuild-main.js');
  writeFileSync(main, [
    "import init, { Game2048 } from 'gridplay-engine/2048';",
    "import wasm from 'gridplay-engine/2048.wasm';",
    'await init({ module_or_path: wasm });',
    'const game = new Game2048(7);',
    "window.played = { moved: game.move('up') || game.move('left'), score: game.score(), tiles: game.getGrid().flat().filter(Boolean).length };",
  ].join('\n'));
  let server = null;
  let browser = null;
  try {
    // = esbuild main.js --bundle --format=esm --loader:.wasm=file --outdir=<site>
    await build({ entryPoints: [main], bundle: true, format: 'esm', loader: { '.wasm': 'file' }, outdir: site, logLevel: 'silent' });
    writeFileSync(join(site, 'index.html'), '<!doctype html><title>esbuild</title><script type="module" src=".esbuild-main.js"></script>');
    const wasmFiles = readdirSync(site).filter((file) => file.endsWith('.wasm'));
    assert.equal(wasmFiles.length, 1, `esbuild copied the entry's wasm: ${readdirSync(site)}`);
    server = await startServer(site);
    browser = await launchBrowser({ shell: true });
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(server.url);
    await page.waitForFunction(() => window.played, null, { timeout: 30_000 });
    const played = await page.evaluate(() => window.played);
    assert.equal(played.moved, true);
    assert.ok(played.tiles >= 2, JSON.stringify(played));
    assert.deepEqual(errors, []);
  } finally {
    await browser?.close();
    await server?.stop();
    rmSync(main, { force: true });
    rmSync(site, { recursive: true, force: true });
  }
});

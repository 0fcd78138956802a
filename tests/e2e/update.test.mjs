// A new version of the app: it installs beside the old one, the page keeps running on the old
// version's files until the player chooses "Reload to update", and then runs on the new one's
// only. Served from a copy of the built site that the test changes, as a deploy would.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { desktop, launchBrowser, openPage, startServer } from './harness.mjs';

const root = new URL('../../', import.meta.url).pathname;
let site;
let server;
let browser;
before(async () => {
  site = mkdtempSync(join(tmpdir(), 'gridplay-site-'));
  cpSync(join(root, 'target/site'), site, { recursive: true });
  server = await startServer(site);
  browser = await launchBrowser({ shell: true });
});
after(async () => {
  await browser?.close();
  server?.stop();
  rmSync(site, { recursive: true, force: true });
});

const version = (page) => page.evaluate(() => document.querySelector('meta[name="test-version"]')?.content ?? '1');
/** The version of the game's markup on screen (Threes' <template> in the page). */
const viewVersion = (page) => page.evaluate(() => document.querySelector('#game')?.dataset.testVersion ?? '1');
const caches = (page) => page.evaluate(async () => (await window.caches.keys()).filter((k) => k.startsWith('gridplay-')));

test('a new version waits for "Reload to update", then replaces the old one whole', async () => {
  const { context, page, errors } = await openPage(browser, `${server.url}threes.html`, desktop);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    }
  });
  const [oldCache] = await caches(page);
  assert.ok(oldCache);

  // Deploy version 2: a changed page (Threes', with its game view), and the worker rebuilt for it.
  const threesPage = join(site, 'threes.html');
  const threesView = /(<template id="view-threes"[^>]*>\s*<main) id="game"/;
  const before = readFileSync(threesPage, 'utf8');
  assert.match(before, threesView);
  writeFileSync(threesPage, before.replace('<head>', '<head>\n  <meta name="test-version" content="2">')
    .replace(threesView, '$1 data-test-version="2" id="game"'));
  execFileSync(process.execPath, [join(root, 'scripts/build-sw.mjs'), site]);

  await page.reload();
  await page.waitForFunction(() => window.gridplay && window.gridplay.game());
  const update = page.locator('.notice[data-notice="update"]');
  await update.waitFor({ state: 'visible' });
  assert.equal(await version(page), '1', 'until the player agrees, the old version runs');
  assert.equal(await viewVersion(page), '1', 'the old version\'s markup too');
  await page.keyboard.press('ArrowLeft');

  await Promise.all([page.waitForEvent('load'), update.locator('.notice-action').click()]);
  await page.waitForFunction(() => window.gridplay && window.gridplay.game());
  assert.equal(await version(page), '2');
  assert.equal(await viewVersion(page), '2', 'and the new version\'s markup, from its own cache');
  await page.waitForFunction((old) => window.caches.keys().then((keys) => !keys.includes(old)), oldCache);
  const now = await caches(page);
  assert.equal(now.length, 1, `one version cached: ${now}`);
  assert.notEqual(now[0], oldCache);
  assert.deepEqual(errors, []);
  await context.close();
});

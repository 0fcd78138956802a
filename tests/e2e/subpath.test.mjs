// The built site served under a path (http://host/games/) rather than at a root, as a host
// that serves several sites would: every URL the app asks for stays under that path, the
// service worker and the installed app take that path as their scope, and after one visit the
// game loads and plays from there with the server gone.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launchBrowser, moveCount, newPage, openPage, phone, settle, startServer } from './harness.mjs';

const BASE = '/games/';
let browser;
before(async () => {
  browser = await launchBrowser({ shell: true });
});
after(() => browser?.close());

async function waitForGame(page, name) {
  await page.waitForFunction((want) => window.gridplay?.route() === want && window.gridplay.game(), name);
}

/** Once the service worker has installed and controls the page. */
async function controlled(page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    }
    return registration.scope;
  });
}

async function assertMoves(page, why) {
  const before = await moveCount(page);
  for (const key of ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown']) await page.keyboard.press(key);
  await settle(page);
  assert.ok((await moveCount(page)) > before, `a move plays${why}`);
}

test('under /games/ every request stays there, the games\' pages and the links from before them work, and the worker and manifest take it as scope', async () => {
  const server = await startServer('target/site', { base: BASE });
  try {
    const { context, page, errors } = await newPage(browser, phone);
    const requested = [];
    context.on('request', (req) => requested.push(req.url()));
    await page.goto(`${server.url}2048.html`);
    await waitForGame(page, '2048');
    await assertMoves(page, '');
    assert.equal(await controlled(page), server.url, 'the service worker\'s scope');
    const manifest = await page.evaluate(async () => {
      const href = document.querySelector('link[rel="manifest"]').href;
      const data = await (await fetch(href)).json();
      const at = (url) => new URL(url, href).href;
      return { id: at(data.id), start: at(data.start_url), scope: at(data.scope), shortcut: at(data.shortcuts[0].url) };
    });
    assert.deepEqual(manifest, {
      id: server.url, start: server.url, scope: server.url, shortcut: `${server.url}threes.html`,
    }, 'the installed app opens and stays under /games/');
    // Another game's page, and a link from before each game had its page, sent on to the
    // game's page under /games/ (addresses are relative).
    await page.goto(`${server.url}mines.html`);
    await waitForGame(page, 'mines');
    await page.goto(`${server.url}#2048/seed=7`);
    await page.waitForURL(`${server.url}2048.html#seed=7`);
    await waitForGame(page, '2048');
    const outside = requested.filter((url) => url.startsWith('http') && !url.startsWith(server.url));
    assert.deepEqual(outside, [], 'nothing asked for outside /games/');
    assert.ok(requested.some((url) => url.endsWith('/games/pkg/2048_bg.wasm')), 'the engine from under /games/');
    assert.deepEqual(errors, []);
    await context.close();
  } finally {
    await server.stop();
  }
});

test('under /games/, after one visit the game loads and plays with the server gone', async () => {
  const server = await startServer('target/site', { base: BASE });
  let stopped = false;
  try {
    const { context, page, errors } = await openPage(browser, `${server.url}threes.html`, phone);
    await waitForGame(page, 'threes');
    await controlled(page);
    await server.stop();
    stopped = true;
    await page.reload();
    await waitForGame(page, 'threes');
    await assertMoves(page, ' offline');
    // A game not opened before comes from the worker's cache too.
    await page.goto(`${server.url}2048.html`);
    await page.reload();
    await waitForGame(page, '2048');
    await assertMoves(page, ' offline, in a game first opened offline');
    assert.deepEqual(errors, []);
    await context.close();
  } finally {
    if (!stopped) await server.stop();
  }
});

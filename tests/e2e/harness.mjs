// Shared set-up for the browser end-to-end tests: the same server `make play` uses, on a free
// port, and Debian's Chromium driven by playwright-core (never a downloaded browser).
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { after, before } from 'node:test';
import { chromium } from 'playwright-core';
import { FORMAT } from '../../www/js/store/records.js';

const root = new URL('../../', import.meta.url).pathname;

/** A port free on the loopback now, for a server or a driver to listen on. */
export async function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts scripts/serve.mjs on `dir` (the built site by default, or GRIDPLAY_SITE's: another
 * build), at the root or under `base` (e.g. '/games/'); resolves to {url, stop}: the site's
 * address, and a stop that resolves once the server has exited.
 */
export async function startServer(dir = process.env.GRIDPLAY_SITE ?? 'target/site', { base = '/' } = {}) {
  const port = await freePort();
  const child = spawn(process.execPath, ['scripts/serve.mjs', dir, '--base', base], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => String(chunk).includes('serving') && resolve());
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    url: `http://127.0.0.1:${port}${base}`,
    stop: () => {
      child.kill();
      return exited;
    },
  };
}

/**
 * Serves www/'s own modules under /src/ to this context's pages, for a test of one module
 * (the site holds only bundles): /src/js/midend/shell.js is www/js/midend/shell.js.
 */
export async function serveSources(context) {
  await context.route('**/src/js/**', (route) => route.fulfill({
    path: `${root}www/${new URL(route.request().url()).pathname.replace(/^\/src\//, '')}`,
    contentType: 'text/javascript; charset=utf-8',
  }));
}

/**
 * Debian's Chromium, as a player runs it: what figures are measured in. With `shell`, Chromium's
 * headless shell (Debian's chromium-headless-shell), the tests' browser: the same engine, Blink
 * and V8, without the desktop browser around it, which halves a test's time on a busy machine
 * (docs/benchmarks.md, "The test suite"). CHROMIUM names another for either. `contextDefaults`:
 * the options of every context it makes, under those the context is made with (useBrowser's
 * keep service workers out).
 */
export async function launchBrowser({ contextDefaults = {}, shell = false } = {}) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? (shell ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium'),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  // The player of every test has said not to be asked before taking help (midend/standing.js),
  // so that a test of a hint or Autoplay is about the hint; the test of that question takes
  // the answer back.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext({ ...contextDefaults, ...options });
    await context.addInitScript(() => {
      try {
        localStorage.setItem('gridplay.help-unasked', 'yes');
      } catch {
        // A test whose storage refuses every access: nothing is kept, the question is asked.
      }
    });
    // Every notice the page shows, as it comes (noticeShown).
    await context.addInitScript(() => {
      window.noticesShown = [];
      new MutationObserver((changes) => {
        for (const change of changes) {
          for (const node of change.addedNodes) {
            if (node.classList?.contains('notice')) window.noticesShown.push({ kind: node.dataset.notice, text: node.querySelector('.notice-text')?.textContent ?? '' });
          }
        }
      }).observe(document, { childList: true, subtree: true });
    });
    return context;
  };
  return browser;
}

/**
 * For a test file: the server (on the built site) and a browser, started before its first test
 * and stopped after its last. Tests read `env.server.url` and `env.browser`.
 * Its contexts keep service workers out unless made with `serviceWorkers: 'allow'`: in every
 * fresh profile the worker would precache the whole site, some 40 % of the browser's work in a
 * short test, for tests that are not about it. The tests of offline play, the 404 page, an
 * update and a site under a path let it in.
 */
export function useBrowser() {
  const env = { server: null, browser: null };
  before(async () => {
    env.server = await startServer();
    env.browser = await launchBrowser({ contextDefaults: { serviceWorkers: 'block' }, shell: true });
  });
  after(async () => {
    await env.browser?.close();
    env.server?.stop();
  });
  return env;
}

export const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
/** The same phone held sideways: the header and status sit beside the board. */
export const phoneLandscape = { ...phone, viewport: { width: 844, height: 390 } };
export const desktop = { viewport: { width: 1280, height: 800 } };

/**
 * A page in a fresh context that records console errors, uncaught exceptions and CSP
 * violations, which every test asserts are absent; nothing loaded yet. `init` runs in every
 * document before the page's own scripts (a browser without a clipboard, a refusing storage).
 */
export async function newPage(browser, options = desktop, { init = null } = {}) {
  const context = await browser.newContext(options);
  // Every wait for something a player would see (a selector, a condition, a navigation) is
  // bounded only so that a hung test ends: a busy or slow machine may take its time.
  context.setDefaultTimeout(60_000);
  await watchCsp(context);
  if (init) await context.addInitScript(init);
  const page = await context.newPage();
  const errors = [];
  page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
  page.on('pageerror', (err) => errors.push(String(err)));
  return { context, page, errors };
}

/** `page` at `url`, once the home list or a game is drawn and the game it opened kept. */
export async function showPage(page, url) {
  await page.goto(url);
  await page.waitForFunction(() => window.gridplay
    && (window.gridplay.route?.() === 'home' || window.gridplay.game()));
  // The game kept as the page started (a new deal's write), before a test writes storage.
  await page.evaluate(() => window.gridplay.idle());
}

/** newPage, then `url`, once the home list or a game is drawn (showPage). */
export async function openPage(browser, url, options = desktop, { init = null } = {}) {
  const opened = await newPage(browser, options, { init });
  await showPage(opened.page, url);
  return opened;
}

/**
 * Runs `fn(colorScheme)` on `page` as the system asks for light, then dark: one page whose
 * colours follow the system's as it changes (www/js/app/settings.js), each once its
 * transitions have ended. One load for both, where a page loaded twice would take twice the
 * browser's work.
 */
export async function inLightAndDark(page, fn) {
  for (const colorScheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme });
    await page.evaluate(() => new Promise(requestAnimationFrame));
    await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => {}))));
    await fn(colorScheme);
  }
}

/**
 * Reports every Content-Security-Policy violation as a console error, which the tests'
 * error lists then catch (Chromium's own report of a violation is only a warning).
 */
export async function watchCsp(context) {
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
}

/**
 * Waits until `page` has shown a notice of `kind` (with `text` in it, if given), whether it is
 * still up or has gone by itself: on a busy machine a test may look after its few seconds are
 * over. Resolves to its text.
 */
export async function noticeShown(page, kind, text = '') {
  const shown = await page.waitForFunction(([k, t]) => window.noticesShown
    ?.find((notice) => notice.kind === k && notice.text.includes(t))?.text, [kind, text]);
  return shown.jsonValue();
}

/** Waits until no animation runs and no input is queued. */
export async function settle(page) {
  await page.waitForFunction(() => !window.gridplay.busy());
}

/**
 * A real touch swipe across the board (touchstart, moves, touchend through the Chrome
 * DevTools protocol), which Chromium turns into Pointer Events as a finger would.
 */
export async function swipe(page, direction, selector = '#board') {
  const box = await page.locator(selector).boundingBox();
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const d = box.width / 3;
  const [dx, dy] = { up: [0, -d], down: [0, d], left: [-d, 0], right: [d, 0] }[direction];
  const cdp = await page.context().newCDPSession(page);
  const touch = (type, px, py) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x: px, y: py }] });
  await touch('touchStart', x, y);
  for (let i = 1; i <= 5; i += 1) await touch('touchMove', x + (dx * i) / 5, y + (dy * i) / 5);
  await touch('touchEnd');
  await cdp.detach();
}

/**
 * Keeps `entries` ({key: text}: a game's save, a best, the stats) as the page keeps its values
 * (www/js/store/records.js, mirrored.js): each one's record in IndexedDB, written over whatever
 * is there, then its copy in localStorage; as a returning player's browser would have them.
 * (A copy alone is taken in only where there is no record yet: the page's first open.) The
 * page reads them at its next load.
 */
export const keepValues = (page, entries) => page.evaluate(async ([all, format]) => {
  // The page's own writes first (a fresh deal is kept at once): one still under way would
  // commit after these, and be the record the next load reads.
  await window.gridplay?.idle?.();
  return new Promise((resolve, reject) => {
    const request = indexedDB.open('gridplay');
    request.onupgradeneeded = () => request.result.createObjectStore('records');
    request.onsuccess = () => {
      const db = request.result;
      const transaction = db.transaction('records', 'readwrite');
      const store = transaction.objectStore('records');
      for (const [key, text] of Object.entries(all)) {
        const get = store.get(key);
        get.onsuccess = () => store.put({ value: text, seq: (get.result?.seq ?? 0) + 1, format }, key);
      }
      transaction.oncomplete = () => {
        db.close();
        for (const [key, text] of Object.entries(all)) localStorage.setItem(key, text);
        resolve();
      };
      transaction.onerror = () => reject(transaction.error);
    };
    request.onerror = () => reject(request.error);
  });
}, [entries, FORMAT]);

/**
 * Keeps what a test wrote into localStorage by hand (`localStorage.setItem('gridplay.…')`) as the
 * page keeps it: every `gridplay.` key's copy written as its record too (keepValues), so the
 * page, at its next load, has it as a returning player's browser would.
 */
export async function keepCopies(page) {
  const copies = await page.evaluate(() => Object.fromEntries(Object.keys(localStorage)
    .filter((key) => key.startsWith('gridplay.')).map((key) => [key, localStorage.getItem(key)])));
  await keepValues(page, copies);
}

/**
 * Opens `url` on a fresh deal of `seed`: the save of a game with no moves yet, kept where the
 * page keeps its game, as a returning player's browser would have it.
 */
export async function openDeal(browser, url, options, game, seed, { init = null } = {}) {
  const opened = await openPage(browser, url, options, { init });
  await opened.page.evaluate(() => localStorage.clear());
  await keepValues(opened.page, { [`gridplay.${game}.save`]: `${game}.1.${seed}.0.` });
  await opened.page.reload();
  await opened.page.waitForFunction(() => window.gridplay && window.gridplay.game());
  // The deal kept as the page read it (its copy checked against its record), before a test
  // writes storage.
  await opened.page.evaluate(() => window.gridplay.idle());
  return opened;
}

/** The tiles as drawn, as a 4×4 grid read from the DOM. */
export async function drawnGrid(page) {
  return page.evaluate(() => {
    const grid = [0, 1, 2, 3].map(() => [0, 0, 0, 0]);
    for (const tile of document.querySelectorAll('#tiles > .tile')) {
      grid[Number(tile.dataset.row)][Number(tile.dataset.col)] = Number(tile.dataset.value);
    }
    return grid;
  });
}

/**
 * Holds back the requests of `page` whose URL matches `pattern` until the function this
 * resolves to is called: what the page does meanwhile is done without them.
 */
export async function holdRequests(page, pattern) {
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  await page.route(pattern, async (request) => {
    await held;
    await request.continue();
  });
  return release;
}

export const engineGrid = (page) => page.evaluate(() => {
  const game = window.gridplay.game();
  const [cells, width] = [game.cells(), game.width()];
  return Array.from({ length: cells.length / width }, (_, r) => cells.slice(r * width, (r + 1) * width));
});
export const moveCount = (page) => page.evaluate(() => window.gridplay.game().moveCount());

/**
 * What `ops` (directions, or "undo") do to a copy of the page's current game, made with the
 * page's own engine class: the legal moves among them, the final grid, move count and score.
 */
export async function predict(page, ops) {
  return page.evaluate(async (list) => {
    const copy = window.gridplay.game().constructor.load(window.gridplay.game().save());
    let legal = 0;
    for (const op of list) {
      if (op === 'undo') copy.undo();
      else if (copy.play(op).ok) legal += 1;
    }
    const [cells, width] = [copy.cells(), copy.width()];
    const grid = Array.from({ length: cells.length / width }, (_, r) => cells.slice(r * width, (r + 1) * width));
    return { legal, grid, count: copy.moveCount(), score: copy.readouts().score };
  }, ops);
}

/** The site's record of `key` in IndexedDB (store/records.js), as a page reads it. */
export const recordOf = (page, key) => page.evaluate((k) => new Promise((resolve, reject) => {
  const request = indexedDB.open('gridplay');
  request.onsuccess = () => {
    const get = request.result.transaction('records').objectStore('records').get(k);
    get.onsuccess = () => { request.result.close(); resolve(get.result ?? null); };
    get.onerror = () => reject(get.error);
  };
  request.onerror = () => reject(request.error);
}), key);

/**
 * An optimal solution of the Fifteen puzzle in play, from the all-games engine's solver (the
 * page's own engine leaves it out): the tiles to tap, in order.
 */
export function fifteenSolution(page) {
  return page.evaluate(async () => {
    const engine = await import('/pkg/gridplay.js');
    await engine.default();
    const puzzle = engine.Fifteen.fromTiles(window.gridplay.game().cells());
    const solution = puzzle.solve();
    puzzle.free();
    return solution;
  });
}

// A move's latency: an arrow key's keydown → the frame that paints the move, for 2048.html against
// the original 2048 (github.com/gabrielecirulli/2048) served by the same server, with the CPU
// slowed 4× (a phone's, roughly) so a main thread's waits show. Part of `make perf`
// (scripts/perf.mjs); alone, `make perf-move` or `node scripts/move-latency.mjs`. Figures, not
// a test.
//
// Each round is a fresh browser context (an empty profile: no IndexedDB, no localStorage), the
// pages interleaved: the original, 2048.html, 2048.html with IndexedDB removed (a diagnostic: the same
// page with nothing to wait on in its store). A round loads the page and waits until its first
// tiles are drawn and it is idle (its network quiet, its service worker installed, an idle
// period); then presses KEYS arrow keys, cycling the four directions so nearly all move, each
// once the last one's move has been painted and the tiles have settled (no change for QUIET_MS,
// then an idle period). A key that changes no tile within NO_MOVE_MS moved nothing and is left
// out.
//
// What is measured, in the page (an init script that runs before the page's own scripts, the
// same for both pages): from the keydown's event.timeStamp (a listener on window in the capture
// phase, so before any page's own) to performance.now() in the animation-frame step of the frame
// that paints the first change of the tiles' DOM after that key (a MutationObserver on the tiles'
// container: .tile-container in the original, #tiles in 2048.html). Which frame paints it depends on
// where the change was made:
// - in a task (a key's handler, a store's callback): the next frame; the time is taken in an
//   animation-frame callback requested when the change is seen, so it runs after those the page
//   had already requested for that frame;
// - in an animation-frame callback (the original draws every move inside one, html_actuator.js):
//   that same frame, whose style, layout and paint come after its callbacks; the time is taken
//   when the change is seen, just after the callback that made it. (Every callback the page
//   requests is wrapped to tell the two apart; the one requested above would only come a frame
//   late.)
// Either way the time is the moment the main thread is in that frame's rendering, after the
// change and before its style, layout and paint, which are not counted; nor is the compositor's
// work after. The original's first change redraws the tiles where they were (the moved ones
// slide from the next frame, new and merged ones appear 100 ms later, CSS); 2048.html's first change
// starts the slide itself. Both are the first frame the move reaches the screen.
//
// The first key of each round (the first move of a fresh profile: 2048.html's store then has its
// database still to create) is reported apart from the rest.
import { cpSync, existsSync, rmSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { desktop, launchBrowser, startServer } from '../tests/e2e/harness.mjs';
import { precompress } from './hosting.mjs';
import { median } from './median.mjs';

/** Rounds, each every page once in a fresh context. */
const ROUNDS = Number(process.env.PERF_MOVE_ROUNDS ?? 10);
/** Arrow keys pressed per round (the first one's move is the fresh profile's first move). */
const KEYS = Number(process.env.PERF_MOVE_KEYS ?? 20);
/** CDP's CPU throttling: the page's main thread runs this many times slower. */
const CPU_SLOWDOWN = 4;
/** A key whose tiles have not changed after this long moved nothing. */
const NO_MOVE_MS = 5000;
/** The tiles are settled once unchanged for this long (the original's slide and pops take 300 ms). */
const QUIET_MS = 400;
/** One frame at 60 Hz: the least a move can wait, the floor of the p90 target. */
const FRAME_MS = 1000 / 60;
/** Cycling all four, a key follows its opposite, which moves back whatever the last one moved. */
const DIRECTIONS = ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown'];

/**
 * Runs in the page before its own scripts: notes each keydown's timeStamp and, for the first
 * change of the tiles after it, the paint frame's time (see the top of this file); once the
 * tiles have settled it hands {key, keydown, paint, sameFrame} to the binding `report`.
 */
function instrument({ container, report, quiet, noIndexedDB }) {
  if (noIndexedDB) Object.defineProperty(window, 'indexedDB', { value: undefined, configurable: true });
  const keydowns = [];
  window.addEventListener('keydown', (event) => { keydowns.push(event.timeStamp); }, true);

  // True from the start of each animation-frame callback the page requested until the
  // microtasks it queued have run: a change of the DOM then is painted by the same frame.
  // The reset is queued after the callback, so after the MutationObserver's own microtask,
  // which the change queued.
  const nativeFrame = window.requestAnimationFrame.bind(window);
  let inFrame = false;
  window.requestAnimationFrame = (callback) => nativeFrame((time) => {
    inFrame = true;
    try {
      callback(time);
    } finally {
      queueMicrotask(() => { inFrame = false; });
    }
  });

  let seen = 0;
  let lastChange = 0;
  const settle = (record) => {
    if (performance.now() - lastChange < quiet) {
      setTimeout(() => settle(record), quiet - (performance.now() - lastChange) + 1);
      return;
    }
    requestIdleCallback(() => {
      if (performance.now() - lastChange < quiet) settle(record);
      else window[report](record);
    }, { timeout: 2000 });
  };
  const changed = () => {
    lastChange = performance.now();
    const key = keydowns.length;
    if (key === 0 || key === seen) return;
    seen = key;
    const record = { key, keydown: keydowns[key - 1], sameFrame: inFrame };
    if (inFrame) {
      record.paint = performance.now();
      settle(record);
    } else {
      nativeFrame(() => {
        record.paint = performance.now();
        settle(record);
      });
    }
  };
  new MutationObserver((records, finder) => {
    const tiles = document.querySelector(container);
    if (!tiles) return;
    finder.disconnect();
    new MutationObserver(changed).observe(tiles, { childList: true, subtree: true, attributes: true, characterData: true });
  }).observe(document, { childList: true, subtree: true });
}

/**
 * Resolves once the page is idle: its network quiet, nothing new fetched for 1.5 s (2048.html loads
 * its later modules a second after load), its service worker, if any, installed and active, and
 * the browser offering an idle period of nearly its full 50 ms; or after 30 s of trying, since a
 * machine busy with something else may never offer one, and a round is better late than hung.
 */
async function idle(page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(async () => {
    const pause = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });
    const until = performance.now() + 30000;
    for (let fetched = -1; performance.now() < until;) {
      const now = performance.getEntriesByType('resource').length;
      const registration = await navigator.serviceWorker?.getRegistration();
      const installing = registration?.installing ?? registration?.waiting;
      if (now === fetched && !installing) {
        const spare = await new Promise((resolve) => {
          requestIdleCallback((deadline) => resolve(deadline.timeRemaining()), { timeout: 1000 });
        });
        if (spare >= 40) return;
      }
      fetched = now;
      await pause(1500);
    }
  });
}

/**
 * One round of one page, in a fresh context with the CPU slowed: [{key, keydown, paint,
 * sameFrame, ms}] for each key that moved, in order, and how many keys moved nothing.
 */
async function round(browser, { url, container, noIndexedDB = false }) {
  const context = await browser.newContext(desktop);
  try {
    let settled = () => {};
    const report = 'perfMoveSettled';
    await context.exposeBinding(report, (source, record) => settled(record));
    await context.addInitScript(instrument, { container, report, quiet: QUIET_MS, noIndexedDB });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(url);
    await page.waitForSelector(`${container} > *`);
    await idle(page);
    if (noIndexedDB && await page.evaluate(() => globalThis.indexedDB !== undefined)) {
      throw new Error(`${url}: indexedDB is still there`);
    }
    const moves = [];
    let still = 0;
    for (let key = 1; key <= KEYS; key += 1) {
      const answered = new Promise((resolve) => { settled = resolve; });
      await page.keyboard.press(DIRECTIONS[(key - 1) % DIRECTIONS.length]);
      const record = await Promise.race([answered, delay(NO_MOVE_MS).then(() => null)]);
      if (!record) {
        still += 1;
        continue;
      }
      if (record.key !== key) throw new Error(`${url}: key ${key}'s move was reported as key ${record.key}'s`);
      moves.push({ ...record, ms: record.paint - record.keydown });
    }
    return { moves, still };
  } finally {
    await context.close();
  }
}

/** The nearest-rank 90th percentile of `values`. */
function p90(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(sorted.length * 0.9) - 1)];
}

/**
 * Measures and prints the figures (see the top of this file) for the site at `url` (its
 * 2048.html page), and the original 2048 at `originalUrl` if given (null: 2048.html alone).
 */
export async function moveLatency(browser, { url, originalUrl = null, rounds = ROUNDS, log = console.log }) {
  const pages = [
    ...(originalUrl ? [{ name: 'original 2048', url: originalUrl, container: '.tile-container' }] : []),
    { name: '2048.html', url: `${url}2048.html`, container: '#tiles' },
    { name: '2048.html, no IndexedDB', url: `${url}2048.html`, container: '#tiles', noIndexedDB: true },
  ];
  const results = new Map(pages.map(({ name }) => [name, { first: [], rest: [], sameFrame: 0, moved: 0, still: 0 }]));
  for (let r = 0; r < rounds; r += 1) {
    for (const page of pages) {
      const { moves, still } = await round(browser, page);
      const result = results.get(page.name);
      // The first key after load is a fresh profile's first move; when it moved nothing (the
      // first tiles against its wall), the first key that moved is.
      const [first, ...rest] = moves;
      if (first) result.first.push(first.ms);
      result.rest.push(...rest.map(({ ms }) => ms));
      result.sameFrame += moves.filter(({ sameFrame }) => sameFrame).length;
      result.moved += moves.length;
      result.still += still;
    }
  }

  const fixed = (ms) => ms.toFixed(1);
  const range = (values) => `${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)}`;
  log(`\nKeydown → the frame that paints the move (the first change of the tiles), ms, CPU slowed ${CPU_SLOWDOWN}×,`
    + ` ${rounds} rounds interleaved (${pages.map(({ name }) => name).join(', ')}), a fresh profile each, ${KEYS} keys a round`);
  log('page                  moves  median    p90   first move: median (range)   painted in the changing frame / moved, keys that moved nothing');
  for (const { name } of pages) {
    const { first, rest, sameFrame, moved, still } = results.get(name);
    log(`${name.padEnd(20)} ${String(rest.length).padStart(6)} ${fixed(median(rest)).padStart(7)} ${fixed(p90(rest)).padStart(6)}`
      + `   ${`${fixed(median(first))} (${range(first)})`.padStart(24)}   ${sameFrame}/${moved}, ${still}`);
  }
  if (!originalUrl) {
    log('(no original 2048 to compare with)');
    return;
  }
  const theirs = results.get('original 2048').rest;
  const ours = results.get('2048.html').rest;
  const [theirMedian, ourMedian, theirP90, ourP90] = [median(theirs), median(ours), p90(theirs), p90(ours)];
  const p90Bound = 1.25 * Math.max(theirP90, FRAME_MS);
  log(`2048.html against the original: medians ${ourMedian - theirMedian >= 0 ? '+' : ''}${fixed(ourMedian - theirMedian)} ms,`
    + ` p90s ${(ourP90 / theirP90).toFixed(2)}×`);
  log(`target: median ≤ original's + 5 ms (${fixed(theirMedian + 5)}): ${fixed(ourMedian)}  ${ourMedian <= theirMedian + 5 ? 'pass' : 'FAIL'}`);
  log(`target: p90 ≤ 1.25 × max(original's p90, one frame ${fixed(FRAME_MS)}) (${fixed(p90Bound)}): ${fixed(ourP90)}`
    + `  ${ourP90 <= p90Bound ? 'pass' : 'FAIL'}`);
}

// Alone: the built site and the original 2048 in a copy of their own (target/perf-move-site,
// so a rebuild of target/site meanwhile changes nothing measured), served as `make play` does.
if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const site = process.env.SITE ?? 'target/site';
  const original = process.env.ORIGINAL_2048 ?? 'target/2048-original';
  const copy = 'target/perf-move-site';
  const originalPath = 'original-2048/';
  const hasOriginal = existsSync(`${original}/index.html`);
  rmSync(copy, { recursive: true, force: true });
  cpSync(site, copy, { recursive: true });
  if (hasOriginal) {
    cpSync(original, `${copy}/${originalPath}`, { recursive: true, filter: (path) => !path.includes('/.git') });
    await precompress(copy);
  } else {
    console.log(`no original 2048 at ${original}/index.html (git clone https://github.com/gabrielecirulli/2048 ${original},`
      + ' or set ORIGINAL_2048): 2048.html alone');
  }
  const server = await startServer(copy);
  const browser = await launchBrowser();
  const started = Date.now();
  try {
    await moveLatency(browser, { url: server.url, originalUrl: hasOriginal ? `${server.url}${originalPath}` : null });
    console.log(`\n(${((Date.now() - started) / 1000).toFixed(0)} s)`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

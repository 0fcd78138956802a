// `make perf`: the budgets of every page, as a benchmark (figures to read, not a pass/fail test).
//
// Pages: home (index.html) and every game's page (<route>.html), the games read from the one
// list of games, www/games.json, so a new game is measured without touching this file. For each
// page:
// - first load: bytes on the wire (as served: minified, brotli, headers included; and again with
//   the browser offering only gzip), with the budget ≤ 80 KB gzip for a game page shown as
//   pass/fail, and whether the page started a Web Worker (a first load should start none);
//   and the page's document itself: its body with brotli against its budget (≤ 12 600 bytes,
//   which leaves 2 000 under TCP's first window), and on the wire, headers included, against
//   TCP's first window (14 600 bytes), past which it takes a round trip more, which
//   Lighthouse's simulation adds to every first paint;
// - time to interactive: navigation → the page's `gridplay:interactive` performance mark, as a
//   ratio to a *floor page* measured interleaved in the same run (a diagnostic, not a target:
//   how much of a load is the page's own work rather than its engine's). A page's
//   floor is the least a page that runs its engine can do: one module script that imports the
//   same wasm-bindgen glue (each game has its own engine, pkg/<engine>.js, named by `engine` in
//   the list), lets its init() fetch and instantiate the same wasm, then sets the same mark; home's
//   floor is one module that only sets the mark. Each round loads every floor, then every page,
//   each in a fresh browser context (empty cache); the figures are medians over ROUNDS rounds,
//   and the ratio is the median of each round's page/floor ratio, so an hour when this 2-core
//   machine is busy moves both together;
// - a Lighthouse run's performance, accessibility and best-practices scores and its largest
//   contentful paint (mobile emulation; target ≤ 1.0 s on a game page);
// - moving between games once the site is loaded (its service worker installed): from a game's
//   page to home by the Gridplay link, then to the next game by its card, each timed from the
//   click to the frame that shows the screen (home's list, or the game's board drawn);
// and each engine's wasm size raw, and as the server sends it with gzip and with brotli; and,
// when a checkout of the original 2048 is at ORIGINAL_2048 (target/2048-original by default),
// how soon its first tiles are drawn against 2048's page's (below, firstTiles; target ≤ 0.6×),
// on loopback and on a phone's network and CPU (Lighthouse's slow 4G, the CPU 4× slower), and how
// soon a move pressed from then on is shown (firstMove); and a move's latency, keydown → the
// frame that paints it, 2048's page against the original with the CPU slowed 4×
// (scripts/move-latency.mjs, which says exactly what it measures; PERF_MOVE_ROUNDS rounds).
//
// The floor page is never part of the app's build: this script copies the built site
// (target/site) to target/perf-site, writes the perf-floor-*.html and .js pages into the copy, and
// serves the copy with scripts/serve.mjs, the server `make play` uses. (The copy also keeps a
// run's files fixed while someone rebuilds target/site.)
import { cpSync, existsSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { desktop, launchBrowser, startServer } from '../tests/e2e/harness.mjs';
import { firstTiles } from './first-tiles-timing.mjs';
import { readGames } from './games.mjs';
import { precompress } from './hosting.mjs';
import { median } from './median.mjs';
import { moveLatency } from './move-latency.mjs';

// SITE names another build to measure (an older one, say); the default is `make build`'s.
const SITE = process.env.SITE ?? 'target/site';
const PERF_SITE = 'target/perf-site';
/** Rounds of interleaved loads (floor, then every page); the figures are their medians. */
const ROUNDS = Number(process.env.PERF_ROUNDS ?? 15);
const GZIP_BUDGET = 80 * 1024;
const MARK = 'gridplay:interactive';
/**
 * The parts to run (PERF_PARTS, comma-separated; all by default): load (bytes, documents and the
 * interactive ratio), original (first tiles and first move against the original 2048), move (a
 * move's latency), between (moving between games), lighthouse.
 */
const PARTS = new Set((process.env.PERF_PARTS ?? 'load,original,move,between,lighthouse').split(','));
const part = (name) => PARTS.has(name);

/** The game routes and their engines, from the one list of games (www/games.json). */
function gameRoutes() {
  return readGames().map(({ route }) => ({ name: route, engine: route }));
}

/**
 * A screen's address in the site measured: each game its own page. A build from before each
 * game had its page (SITE, to compare) has only index.html, routed by the hash.
 */
const pagePerGame = gameRoutes().every(({ name }) => existsSync(`${SITE}/${name}.html`));
const addressOf = (name) => (name === 'home' ? '' : pagePerGame ? `${name}.html` : `#${name}`);

/** [{name, hash, game, engine}]: home, then each game's page (`hash`: its address). */
const PAGES = [
  { name: 'home', hash: addressOf('home'), game: false, engine: null },
  ...gameRoutes().map(({ name, engine }) => ({ name, hash: addressOf(name), game: true, engine })),
];
/** A page's document, with brotli, at most: 2 000 bytes under TCP's first window. */
const DOCUMENT_BUDGET = 12600;
/** The floor pages: one per engine, and home's without one. */
const ENGINES = [null, ...new Set(PAGES.map((p) => p.engine).filter(Boolean))];
const floorPage = (engine) => `perf-floor-${engine ?? 'none'}.html`;
/**
 * TCP's first window: 10 segments of 1460 bytes. A page larger on the wire, headers included,
 * takes one more round trip, which Lighthouse's simulation adds to every page's first paint
 * (150 ms on its slow 4G).
 */
const FIRST_WINDOW = 14600;

/**
 * The original 2048 (github.com/gabrielecirulli/2048), served by the same server from the same
 * copy, for one comparison: how soon its board's first tiles are drawn against #2048's. Its
 * files are not part of this repository; ORIGINAL_2048 names a checkout of them.
 */
const ORIGINAL_2048 = process.env.ORIGINAL_2048 ?? 'target/2048-original';
const ORIGINAL_PATH = 'original-2048/';
/** Our game the original is measured against: 2048 (a number here, as the list names no game for this script). */
const ORIGINAL_GAME = 2048;
const hasOriginal = existsSync(`${ORIGINAL_2048}/index.html`);

/**
 * The built site plus the floor page, in a copy that the app's build never sees; the files
 * added get their brotli and gzip copies as the build's own have (scripts/hosting.mjs), since
 * the server sends only those.
 */
async function writePerfSite() {
  rmSync(PERF_SITE, { recursive: true, force: true });
  cpSync(SITE, PERF_SITE, { recursive: true });
  if (hasOriginal) {
    cpSync(ORIGINAL_2048, `${PERF_SITE}/${ORIGINAL_PATH}`, { recursive: true, filter: (path) => !path.includes('/.git') });
  }
  for (const engine of ENGINES) {
    const page = floorPage(engine);
    const script = page.replace(/\.html$/, '.js');
    writeFileSync(`${PERF_SITE}/${page}`, [
      '<!doctype html>',
      '<html lang="en">',
      '<head>',
      '<meta charset="utf-8">',
      '<title>Gridplay perf floor</title>',
      // No tab icon to fetch (a data: URL), as a page of one script would have none.
      '<link rel="icon" href="data:,">',
      `<script type="module" src="${script}"></script>`,
      '</head>',
      '<body><p>floor</p></body>',
      '</html>',
      '',
    ].join('\n'));
    writeFileSync(`${PERF_SITE}/${script}`, [
      // init() with no argument fetches pkg/<engine>_bg.wasm next to the glue and instantiates it.
      ...(engine ? [`import init from './pkg/${engine}.js';`, 'await init();'] : []),
      `performance.mark('${MARK}');`,
      '',
    ].join('\n'));
  }
  await precompress(PERF_SITE);
}

/** The length of `url`'s body as the server sends it when the client accepts `encoding`. */
function servedLength(url, encoding) {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': encoding } }, (res) => {
      let length = 0;
      res.on('data', (chunk) => { length += chunk.length; });
      res.on('end', () => {
        const sent = res.headers['content-encoding'] ?? 'identity';
        if (sent !== encoding) reject(new Error(`${url}: asked for ${encoding}, got ${sent}`));
        else resolve(length);
      });
    }).on('error', reject);
  });
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

/** Resolves once the page has set the interactive mark. */
function interactive(page) {
  return page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, MARK);
}

/** Throws unless the app shows `name` (a route it does not know would quietly show home). */
async function checkRoute(page, name) {
  const shown = await page.evaluate(() => globalThis.gridplay?.route());
  if (shown !== name) throw new Error(`perf: ${page.url()} shows route ${shown}, not ${name}`);
}

/**
 * Bytes on the wire for a first load: every response's encoded length, headers included, and
 * the Web Workers the page started. With `encodings` (e.g. ['gzip']) the browser offers only
 * those, as on a host that sends no brotli.
 */
async function firstLoad(browser, url, { name = null, encodings = null } = {}) {
  const extraHTTPHeaders = encodings ? { 'accept-encoding': encodings.join(', ') } : undefined;
  const context = await browser.newContext({ ...desktop, extraHTTPHeaders });
  const page = await context.newPage();
  const workers = [];
  page.on('worker', (worker) => workers.push(new URL(worker.url()).pathname));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  let bytes = 0;
  let documentBytes = 0;
  const documents = new Set();
  cdp.on('Network.requestWillBeSent', (event) => {
    if (event.type === 'Document') documents.add(event.requestId);
  });
  cdp.on('Network.loadingFinished', (event) => {
    bytes += event.encodedDataLength;
    if (documents.has(event.requestId)) documentBytes += event.encodedDataLength;
  });
  const sent = new Set();
  cdp.on('Network.responseReceived', ({ response }) => {
    const encoding = Object.entries(response.headers).find(([k]) => k.toLowerCase() === 'content-encoding')?.[1];
    if (encoding) sent.add(encoding);
  });
  await page.goto(url);
  await interactive(page);
  if (name) await checkRoute(page, name);
  await page.waitForLoadState('load');
  await context.close();
  if (encodings && [...sent].some((e) => !encodings.includes(e))) {
    throw new Error(`asked for ${encodings} only, but the server sent ${[...sent]}`);
  }
  return { bytes, documentBytes, workers };
}

/**
 * Navigation → the interactive mark in a fresh context (its own empty cache), without the
 * devtools network domain, whose reporting of every response would itself cost time; and the
 * Web Workers the page started by the time its network was idle.
 */
async function timeToInteractive(browser, url, name = null) {
  const context = await browser.newContext(desktop);
  const page = await context.newPage();
  const workers = [];
  page.on('worker', (worker) => workers.push(new URL(worker.url()).pathname));
  await page.goto(url);
  await interactive(page);
  const ms = await page.evaluate((mark) => performance.getEntriesByName(mark)[0].startTime, MARK);
  if (name) await checkRoute(page, name);
  // Let the page's after-load work (the service worker precaching the app) finish here, not
  // during the next load.
  await page.waitForLoadState('networkidle');
  await context.close();
  return { ms, workers };
}

/**
 * Navigation → the frame that shows the first move, made as soon as the page takes it: from the
 * moment the page starts to come, the arrow keys are pressed in turn, one after another (a real
 * key each, as a player's, each sent once the last has been handled), until the tiles drawn
 * first change; the time is that of the animation frame after the change. What a player who
 * starts at once waits for, the same for any page: a key before the page listens is lost, and
 * one while its main thread is busy waits.
 */
async function firstMove(browser, url, selector) {
  const context = await browser.newContext(desktop);
  await context.addInitScript({
    content: `(() => {
      const tiles = () => [...document.querySelectorAll(${JSON.stringify(selector)})]
        .map((tile) => tile.className + (tile.getAttribute('style') ?? '') + tile.textContent).join('|');
      let first = null;
      new MutationObserver((records, observer) => {
        const now = tiles();
        if (!now) return;
        if (first === null) {
          first = now;
          return;
        }
        if (now === first) return;
        observer.disconnect();
        requestAnimationFrame((frame) => { window.perfFirstMove = frame; });
      }).observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
    })();`,
  });
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'commit' });
  const keys = ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown'];
  // (Functions, not strings: the page's policy forbids eval.)
  for (let i = 0; !(await page.evaluate(() => globalThis.perfFirstMove !== undefined)); i += 1) {
    if (i > 5000) throw new Error(`${url}: no move answered`);
    await page.keyboard.press(keys[i % keys.length]);
  }
  const ms = await page.evaluate(() => globalThis.perfFirstMove);
  await page.waitForLoadState('networkidle');
  await context.close();
  return ms;
}

/** How long a screen is shown before the next click, in betweenGames. */
const PLAYER_PAUSE = 1500;

/**
 * One round of moving between games with the site loaded: home opened in a fresh context, its
 * service worker installed (every file precached) and in control; then from each game's page,
 * its Gridplay link home, and from home the next game's card (the last game's next is the
 * first). Each step is timed from the click (the click event's own time, in the page) to the
 * animation frame that shows its screen: home (its list in the page, the app's route home) or
 * the game (the app's route that game, its game made and drawn, a frame after), each screen
 * shown for PLAYER_PAUSE before its link is clicked, as a player looks at it first. A script
 * in every document (the pages may be new documents) watches each frame for the screen named
 * in sessionStorage, which outlives them; times are the clock's (performance.timeOrigin + now),
 * which is one across documents. [['<game> → home', ms], ['home → <game>', ms], …].
 */
async function betweenGames(browser, base) {
  const context = await browser.newContext(desktop);
  await context.addInitScript({
    content: `(() => {
      // From the click as the page has it (the event's time), not from the test's asking for it:
      // a click by the devtools protocol comes some tens of milliseconds after it is asked for.
      document.addEventListener('click', (event) => {
        if (sessionStorage.getItem('perf.screen')) sessionStorage.setItem('perf.clicked', String(performance.timeOrigin + event.timeStamp));
      }, true);
      const check = (frame) => {
        const wanted = sessionStorage.getItem('perf.screen');
        const app = window.gridplay;
        if (wanted && app && app.route() === wanted && (wanted === 'home' || (app.game() && !app.busy()))) {
          requestAnimationFrame(() => sessionStorage.setItem('perf.shown', String(performance.timeOrigin + performance.now())));
          sessionStorage.removeItem('perf.screen');
        }
        requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    })();`,
  });
  const page = await context.newPage();
  await page.goto(base);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
  });
  const step = async (screen, click) => {
    // A player looks at a screen a moment before following one of its links.
    await page.waitForTimeout(PLAYER_PAUSE);
    await page.evaluate((name) => { sessionStorage.removeItem('perf.shown'); sessionStorage.setItem('perf.screen', name); }, screen);
    await page.click(click);
    await page.waitForFunction(() => sessionStorage.getItem('perf.shown') !== null);
    return page.evaluate(() => Number(sessionStorage.getItem('perf.shown')) - Number(sessionStorage.getItem('perf.clicked')));
  };
  const games = gameRoutes().map(({ name }) => name);
  const times = [];
  await page.goto(`${base}${addressOf(games[0])}`);
  await page.waitForFunction(() => window.gridplay?.game());
  for (const [i, name] of games.entries()) {
    const next = games[(i + 1) % games.length];
    times.push([`${name} → home`, await step('home', '#home-link')]);
    times.push([`home → ${next}`, await step(next, `.game-card[data-game="${next}"]`)]);
  }
  await context.close();
  return times;
}

async function lighthouseScores(url) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
    }, { extends: 'lighthouse:default', settings: { formFactor: 'mobile', screenEmulation: { mobile: true, width: 390, height: 844, deviceScaleFactor: 2 } } });
    const c = result.lhr.categories;
    return {
      performance: Math.round(c.performance.score * 100),
      accessibility: Math.round(c.accessibility.score * 100),
      bestPractices: Math.round(c['best-practices'].score * 100),
      lcp: result.lhr.audits['largest-contentful-paint'].numericValue,
    };
  } finally {
    await chrome.kill();
  }
}

const workerList = (workers) => (workers.length ? [...new Set(workers)].join(' ') : 'none');

await writePerfSite();
const server = await startServer(PERF_SITE);
const browser = await launchBrowser();
const started = Date.now();
try {
  const floorUrl = (engine) => `${server.url}${floorPage(engine)}`;
  for (const engine of ENGINES.filter(Boolean)) {
    const wasm = `${server.url}pkg/${engine}_bg.wasm`;
    const [raw, gzip, brotli] = await Promise.all(['identity', 'gzip', 'br'].map((e) => servedLength(wasm, e)));
    console.log(`wasm ${engine}: ${raw} bytes raw, served as ${gzip} bytes gzip, ${brotli} bytes brotli`);
  }
  console.log(`pages: ${PAGES.map((p) => p.name).join(', ')} (game routes from www/games.json)`);

  const range = (values) => `${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)}`;
  if (part('load')) {
    console.log('\nFirst load, bytes on the wire incl. headers (budget: ≤ 80 KB gzip for a game page)');
    console.log('page        brotli  gzip-only  budget  workers started');
    const documents = [];
    for (const { name, hash, game } of PAGES) {
      const url = `${server.url}${hash}`;
      const br = await firstLoad(browser, url, { name });
      const file = new URL(url).pathname.slice(1) || 'index.html';
      documents.push({ name, file, onWire: br.documentBytes, body: await servedLength(`${server.url}${file}`, 'br') });
      const gz = await firstLoad(browser, url, { name, encodings: ['gzip'] });
      const budget = game ? (gz.bytes <= GZIP_BUDGET ? 'pass' : 'FAIL') : 'n/a';
      console.log(`${name.padEnd(9)} ${kb(br.bytes).padStart(8)} ${kb(gz.bytes).padStart(10)}  ${budget.padEnd(6)}  `
        + workerList([...br.workers, ...gz.workers]));
    }
    console.log(`\nEach page's document, brotli: its body (budget ≤ ${DOCUMENT_BUDGET} bytes), and on the wire with its headers`
      + ` (TCP's first window holds ${FIRST_WINDOW})`);
    for (const { name, file, onWire, body } of documents) {
      console.log(`${name.padEnd(9)} ${file.padEnd(16)} ${String(body).padStart(6)}  ${body <= DOCUMENT_BUDGET ? 'pass' : 'FAIL'}   `
        + `${String(onWire).padStart(6)} on the wire (${onWire <= FIRST_WINDOW ? `${FIRST_WINDOW - onWire} to spare` : 'OVER: a round trip more'})`);
    }
    for (const engine of ENGINES.filter(Boolean)) {
      const floorBr = await firstLoad(browser, floorUrl(engine));
      const floorGz = await firstLoad(browser, floorUrl(engine), { encodings: ['gzip'] });
      console.log(`${`(floor ${engine})`.padEnd(9)} ${kb(floorBr.bytes).padStart(8)} ${kb(floorGz.bytes).padStart(10)}  n/a     `
        + workerList([...floorBr.workers, ...floorGz.workers]));
    }

    // Interleaved: each round loads every floor, then every page, each in a fresh context.
    const floorTimes = new Map(ENGINES.map((engine) => [engine, []]));
    const times = new Map(PAGES.map((p) => [p.name, []]));
    const workers = new Map(PAGES.map((p) => [p.name, []]));
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const engine of ENGINES) floorTimes.get(engine).push((await timeToInteractive(browser, floorUrl(engine))).ms);
      for (const { name, hash } of PAGES) {
        const result = await timeToInteractive(browser, `${server.url}${hash}`, name);
        times.get(name).push(result.ms);
        workers.get(name).push(...result.workers);
      }
    }
    console.log(`\nNavigation → ${MARK}, ms: ${ROUNDS} rounds, each every floor page then every page,`
      + ' a fresh context each (a diagnostic, not a target: how much of a load is the page\'s own work)');
    console.log('page      median (range)  its floor: median   ratio (median of per-round)  workers by network idle');
    for (const { name, engine } of PAGES) {
      const pageTimes = times.get(name);
      const floor = floorTimes.get(engine);
      const ratio = median(pageTimes.map((ms, i) => ms / floor[i]));
      console.log(`${name.padEnd(9)} ${median(pageTimes).toFixed(0).padStart(6)} (${range(pageTimes).padStart(7)})`
        + `  ${`${engine ?? 'no wasm'}: ${median(floor).toFixed(0)} (${range(floor)})`.padStart(24)}   `
        + `${`${ratio.toFixed(2)}×`.padStart(20)}  ${workerList(workers.get(name))}`);
    }

  }
  if (part('original')) {
    if (hasOriginal) {
      // Interleaved as above: each round measures the original, then #2048, each in a fresh context.
      const against = async (measure) => {
        const [theirs, ours] = [[], []];
        for (let round = 0; round < ROUNDS; round += 1) {
          theirs.push(await measure(browser, `${server.url}${ORIGINAL_PATH}`, '.tile-container .tile'));
          ours.push(await measure(browser, `${server.url}${addressOf(String(ORIGINAL_GAME))}`, '#tiles > .tile'));
        }
        return [theirs, ours];
      };
      const [theirs, ours] = await against(firstTiles);
      const ratio = median(ours.map((ms, i) => ms / theirs[i]));
      console.log(`\nFirst tiles drawn (navigation → the frame that paints them), ms, ${ROUNDS} rounds interleaved (target: ours ≤ 0.6×)`);
      console.log(`original 2048 (${ORIGINAL_2048}): ${median(theirs).toFixed(0)} (${range(theirs)})`);
      console.log(`2048's page:          ${median(ours).toFixed(0)} (${range(ours)})   ratio ${ratio.toFixed(2)}×  ${ratio <= 0.6 ? 'pass' : 'FAIL'}`);
      // The same on a phone: its network's round trips and bandwidth, and a slower CPU.
      const [theirsOnAPhone, oursOnAPhone] = await against((b, url, selector) => firstTiles(b, url, selector, { phone: true }));
      const phoneRatio = median(oursOnAPhone.map((ms, i) => ms / theirsOnAPhone[i]));
      console.log(`On a phone (slow 4G: 150 ms round trips, 1.6 Mbit/s; the CPU 4× slower): original ${median(theirsOnAPhone).toFixed(0)}`
        + ` (${range(theirsOnAPhone)}), 2048's page ${median(oursOnAPhone).toFixed(0)} (${range(oursOnAPhone)})   ratio ${phoneRatio.toFixed(2)}×  ${phoneRatio <= 0.6 ? 'pass' : 'FAIL'}`);
      const [theirMoves, ourMoves] = await against(firstMove);
      const moveRatio = median(ourMoves.map((ms, i) => ms / theirMoves[i]));
      console.log(`\nFirst move answered (navigation → the frame showing the first move, keys pressed from the start), ms, ${ROUNDS} rounds interleaved`);
      console.log(`original 2048: ${median(theirMoves).toFixed(0)} (${range(theirMoves)})`);
      console.log(`2048's page:   ${median(ourMoves).toFixed(0)} (${range(ourMoves)})   ratio ${moveRatio.toFixed(2)}×`);
    } else {
      console.log(`\nFirst tiles against the original 2048: skipped, no ${ORIGINAL_2048}/index.html`
        + ` (git clone https://github.com/gabrielecirulli/2048 ${ORIGINAL_2048}, or set ORIGINAL_2048)`);
    }
  }
  if (part('move')) await moveLatency(browser, { url: server.url, originalUrl: hasOriginal ? `${server.url}${ORIGINAL_PATH}` : null });

  if (part('between')) {
    // Between games, the site loaded: each game's page → home → the next game's, ROUNDS rounds.
    const steps = new Map();
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [step, ms] of await betweenGames(browser, server.url)) steps.set(step, [...(steps.get(step) ?? []), ms]);
    }
    console.log(`\nMoving between games once the site is loaded (its service worker installed): click → the frame that shows`
      + ` the screen (home's list, or the game's board drawn), ms, median (range) of ${ROUNDS} rounds`);
    for (const [step, values] of steps) console.log(`${step.padEnd(22)} ${median(values).toFixed(0).padStart(5)} (${range(values)})`);

  }

  if (part('lighthouse')) {
    console.log('\nLighthouse 13.5 (mobile emulation): performance / accessibility / best practices,'
      + ' largest contentful paint (target ≤ 1.0 s on a game page)');
    for (const { name, hash, game } of PAGES) {
      const lh = await lighthouseScores(`${server.url}${hash}`);
      const lcp = `${(lh.lcp / 1000).toFixed(2)} s`;
      console.log(`${name.padEnd(9)} ${lh.performance} / ${lh.accessibility} / ${lh.bestPractices}   LCP ${lcp}`
        + (game ? `  ${lh.lcp <= 1000 ? 'pass' : 'FAIL'}` : ''));
    }
  }
  console.log(`\n(${((Date.now() - started) / 1000).toFixed(0)} s)`);
} finally {
  await browser.close();
  server.stop();
}

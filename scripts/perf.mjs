// `make perf`: the budgets of each page, as a benchmark (figures to read, not a pass/fail test).
// For each page: bytes transferred on a first load (as served: minified, brotli, headers
// included; and again with the browser offering only gzip), the time from navigation to the
// first interactive board (the page's `gridplay:interactive` performance mark) and a
// Lighthouse run's performance, accessibility and best-practices scores; and the wasm's size
// raw, and as the server sends it with gzip and with brotli. Targets (issue 4): first load
// ≤ 60 KB gzip, interactive ≤ 150 ms on loopback, Lighthouse accessibility 100 and
// performance ≥ 95.
import { get } from 'node:http';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { desktop, launchBrowser, startServer } from '../tests/e2e/harness.mjs';

const PAGES = [
  ['home', ''],
  ['threes', '#threes'],
  ['2048', '#2048'],
];
/** The icon index.html names for the browser tab. */
const FAVICON = '/icons/favicon-32.png';
// Loads per page; the figures are their medians (a 2-core machine's timings vary by ±30 ms).
const RUNS = 15;

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

/**
 * Bytes on the wire for a first load: every response's encoded length, headers included. With
 * `encodings` (e.g. ['gzip']) the browser offers only those, as on a host that sends no brotli.
 */
async function firstLoadBytes(browser, url, encodings = null) {
  const extraHTTPHeaders = encodings ? { 'accept-encoding': encodings.join(', ') } : undefined;
  const context = await browser.newContext({ ...desktop, extraHTTPHeaders });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  let bytes = 0;
  const requested = new Map();
  const finished = new Set();
  cdp.on('Network.requestWillBeSent', ({ requestId, request }) => requested.set(requestId, request.url));
  cdp.on('Network.loadingFinished', (event) => {
    bytes += event.encodedDataLength;
    finished.add(new URL(requested.get(event.requestId) ?? 'about:blank').pathname);
  });
  const sent = new Set();
  cdp.on('Network.responseReceived', ({ response }) => {
    const encoding = Object.entries(response.headers).find(([k]) => k.toLowerCase() === 'content-encoding')?.[1];
    if (encoding) sent.add(encoding);
  });
  await page.goto(url);
  await page.waitForFunction(() => performance.getEntriesByName('gridplay:interactive').length > 0);
  await page.waitForLoadState('load');
  // The tab's icon comes sometimes before `load`, sometimes just after: always count it (it is
  // part of a first visit), so the figure does not move by its 1.2 KB from one run to the next.
  for (let waited = 0; !finished.has(FAVICON) && waited < 3000; waited += 50) await page.waitForTimeout(50);
  await context.close();
  if (!finished.has(FAVICON)) throw new Error(`${url}: the browser never fetched ${FAVICON}`);
  if (encodings && [...sent].some((e) => !encodings.includes(e))) {
    throw new Error(`asked for ${encodings} only, but the server sent ${[...sent]}`);
  }
  return bytes;
}

/**
 * Navigation → `gridplay:interactive` in a fresh context (its own empty cache), without the
 * devtools network domain, whose reporting of every response would itself cost time.
 */
async function timeToInteractive(browser, url) {
  const context = await browser.newContext(desktop);
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForFunction(() => performance.getEntriesByName('gridplay:interactive').length > 0);
  const ms = await page.evaluate(() => performance.getEntriesByName('gridplay:interactive')[0].startTime);
  // Let the page's after-load work (the service worker precaching the app) finish here, not
  // during the next load.
  await page.waitForLoadState('networkidle');
  await context.close();
  return ms;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
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
    };
  } finally {
    await chrome.kill();
  }
}

const server = await startServer();
const browser = await launchBrowser();
try {
  const wasm = `${server.url}pkg/gridplay_bg.wasm`;
  const [raw, gzip, brotli] = await Promise.all(['identity', 'gzip', 'br'].map((e) => servedLength(wasm, e)));
  console.log(`wasm: ${raw} bytes raw, served as ${gzip} bytes gzip, ${brotli} bytes brotli`);
  console.log(`page      first-load brotli / gzip-only  interactive (median of ${RUNS}, range)  lighthouse perf / a11y / best-practices`);
  for (const [name, hash] of PAGES) {
    const url = `${server.url}${hash}`;
    const bytes = await firstLoadBytes(browser, url);
    const gzipBytes = await firstLoadBytes(browser, url, ['gzip']);
    const times = [];
    for (let i = 0; i < RUNS; i += 1) times.push(await timeToInteractive(browser, url));
    const range = `${Math.min(...times).toFixed(0)}–${Math.max(...times).toFixed(0)}`;
    const lh = await lighthouseScores(url);
    console.log(`${name.padEnd(9)} ${kb(bytes).padStart(10)} / ${kb(gzipBytes).padStart(8)}  ${median(times).toFixed(0).padStart(8)} ms`
      + ` (${range.padStart(7)})  ${lh.performance} / ${lh.accessibility} / ${lh.bestPractices}`);
  }
} finally {
  await browser.close();
  server.stop();
}

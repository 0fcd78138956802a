// `make perf`: the budgets of each page, as a benchmark (figures to read, not a pass/fail test).
// For each page: bytes transferred on a first load (as served, gzip), the wasm's size raw and
// gzip, the time from navigation to the first interactive board (the page's
// `gridplay:interactive` performance mark) and a Lighthouse run's performance, accessibility
// and best-practices scores. Targets (issue 4): first load ≤ 60 KB gzip, interactive ≤ 150 ms
// on loopback, Lighthouse accessibility 100 and performance ≥ 95.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { desktop, launchBrowser, startServer } from '../tests/e2e/harness.mjs';

const PAGES = [
  ['home', ''],
  ['threes', '#threes'],
  ['2048', '#2048'],
];
const RUNS = 5;

const wasm = readFileSync(new URL('../www/pkg/gridplay_bg.wasm', import.meta.url));

async function firstLoad(browser, url) {
  const context = await browser.newContext(desktop);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  let bytes = 0;
  cdp.on('Network.loadingFinished', (event) => { bytes += event.encodedDataLength; });
  await page.goto(url, { waitUntil: 'networkidle' });
  const interactive = await page.evaluate(async () => {
    const mark = () => performance.getEntriesByName('gridplay:interactive')[0];
    for (let i = 0; i < 100 && !mark(); i += 1) await new Promise((r) => setTimeout(r, 20));
    return mark()?.startTime ?? NaN;
  });
  await context.close();
  return { bytes, interactive };
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
  console.log(`wasm: ${wasm.length} bytes raw, ${gzipSync(wasm, { level: 9 }).length} bytes gzip`);
  console.log('page      first-load  interactive  lighthouse perf / a11y / best-practices');
  for (const [name, hash] of PAGES) {
    const url = `${server.url}${hash}`;
    const loads = [];
    for (let i = 0; i < RUNS; i += 1) loads.push(await firstLoad(browser, url));
    const bytes = median(loads.map((l) => l.bytes));
    const interactive = median(loads.map((l) => l.interactive));
    const lh = await lighthouseScores(url);
    console.log(`${name.padEnd(9)} ${(bytes / 1024).toFixed(1).padStart(7)} KB  ${interactive.toFixed(0).padStart(8)} ms  `
      + `${lh.performance} / ${lh.accessibility} / ${lh.bestPractices}`);
  }
} finally {
  await browser.close();
  server.stop();
}

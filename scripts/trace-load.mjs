// Where a first load's main-thread time goes before the page is interactive: each page loaded
// in a fresh browser context with Chromium's devtools.timeline trace on, and the main thread's
// work from navigation to the `gridplay:interactive` mark summed by kind (parsing the page, its
// stylesheets, style, layout, paint, script, requests started outside the parser), as medians
// over ROUNDS loads. Figures, not a test: what `make perf`'s interactive ratio is made of.
//
//   node scripts/trace-load.mjs <site-dir> <page>...
//
// A page is an address in the site: '2048.html', or a floor page of `make perf`
// ('perf-floor-2048.html', in target/perf-site, which `make perf` writes).
import { launchBrowser, startServer } from '../tests/e2e/harness.mjs';
import { median } from './median.mjs';

const [dir, ...pages] = process.argv.slice(2);
if (!dir || pages.length === 0) {
  console.error('usage: node scripts/trace-load.mjs <site-dir> <page>...');
  process.exit(2);
}
const ROUNDS = Number(process.env.TRACE_ROUNDS ?? 10);
const MARK = 'gridplay:interactive';
/** Trace events by the kind of work they are. */
const KINDS = {
  ParseHTML: 'parse',
  ParseAuthorStyleSheet: 'css parse',
  UpdateLayoutTree: 'style',
  Layout: 'layout',
  Paint: 'paint',
  PrePaint: 'paint',
  Layerize: 'paint',
  EvaluateScript: 'script',
  'v8.evaluateModule': 'script',
  'v8.compileModule': 'script',
  FunctionCall: 'script',
  TimerFire: 'script',
  EventDispatch: 'script',
  RunMicrotasks: 'script',
  'ResourceFetcher::requestResource': 'request',
};
const COLUMNS = ['total', 'parse', 'css parse', 'style', 'layout', 'paint', 'script', 'request'];

/** One load of `url`: its kinds' main-thread milliseconds, outermost events only. */
async function traced(browser, url) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,blink.user_timing,v8,blink', transferMode: 'ReportEvents' });
  await page.goto(url);
  await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, MARK);
  await cdp.send('Tracing.end');
  await done;
  await context.close();
  const mark = events.find((e) => e.name === MARK);
  const start = events.find((e) => e.name === 'navigationStart');
  const main = events.filter((e) => e.tid === mark.tid && e.ph === 'X' && e.dur && KINDS[e.name] && e.ts < mark.ts)
    .sort((a, b) => a.ts - b.ts);
  const sums = { total: (mark.ts - start.ts) / 1000 };
  let end = 0;
  for (const e of main) {
    if (e.ts < end) continue; // inside one counted already (a script the parser runs is parsing)
    end = e.ts + e.dur;
    sums[KINDS[e.name]] = (sums[KINDS[e.name]] ?? 0) + e.dur / 1000;
  }
  return sums;
}

const server = await startServer(dir);
const browser = await launchBrowser();
const loads = new Map(pages.map((p) => [p, []]));
for (let round = 0; round < ROUNDS; round += 1) {
  for (const p of pages) loads.get(p).push(await traced(browser, `${server.url}${p}`));
}
await browser.close();
server.stop();
console.log(`Main thread before ${MARK}, ms, medians of ${ROUNDS} loads in a 390×844 window`);
console.log('page'.padEnd(30) + COLUMNS.map((c) => c.padStart(10)).join(''));
for (const [p, runs] of loads) {
  console.log(p.padEnd(30) + COLUMNS.map((c) => median(runs.map((r) => r[c] ?? 0)).toFixed(1).padStart(10)).join(''));
}

// The sliding-puzzle solver on the wasm it runs on in the page (target/site/pkg/gridplay_bg.wasm,
// the helpers' engine, which the page's worker loads; the Fifteen page's own engine has no
// solver), in Node and in Chromium: table build time, per-deal solve times over the deals of seeds 1…N (the same deals
// `gridplay-bench fifteen --seeds` solves natively), and the engine's memory afterwards.
// A figure, not a test:  node scripts/bench-fifteen.mjs [--size 4] [--deals 200] [--where node,chromium]
import { readFileSync } from 'node:fs';
import { startServer, launchBrowser } from '../tests/e2e/harness.mjs';

const args = Object.fromEntries(process.argv.slice(2).join(' ').split('--').filter(Boolean)
  .map((pair) => pair.trim().split(/\s+/)));
const size = Number(args.size ?? 4);
const deals = Number(args.deals ?? 200);
const where = (args.where ?? 'node,chromium').split(',');

/** Runs in Node or in the page: builds the tables, solves deals 1…n, returns the figures. */
async function run({ Fifteen, memory, size, deals, now }) {
  const t0 = now();
  Fifteen.prepareSolver(size);
  const build = now() - t0;
  const times = [];
  let moves = 0;
  for (let seed = 1; seed <= deals; seed += 1) {
    const puzzle = new Fifteen(size, seed);
    const start = now();
    const solution = puzzle.solve();
    times.push(now() - start);
    moves += solution.length;
    puzzle.free();
  }
  return { build, times, meanMoves: moves / deals, memoryMB: memory().buffer.byteLength / 2 ** 20 };
}

function summary(label, { build, times, meanMoves, memoryMB }) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  const ms = (v) => `${v.toFixed(v < 10 ? 2 : 0)} ms`;
  console.log(`${label.padEnd(9)} ${size}×${size}, ${times.length} deals: tables ${ms(build)}; solve median ${ms(at(0.5))}, `
    + `mean ${ms(mean)}, p90 ${ms(at(0.9))}, p99 ${ms(at(0.99))}, max ${ms(sorted.at(-1))}; `
    + `${meanMoves.toFixed(1)} moves on average; wasm memory ${memoryMB.toFixed(1)} MB`);
}

if (where.includes('node')) {
  const glue = await import(new URL('../target/site/pkg/gridplay.js', import.meta.url));
  const exports = await glue.default({ module_or_path: readFileSync(new URL('../target/site/pkg/gridplay_bg.wasm', import.meta.url)) });
  summary('Node', await run({ Fifteen: glue.Fifteen, memory: () => exports.memory, size, deals, now: () => performance.now() }));
}

if (where.includes('chromium')) {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${server.url}icons/icon.svg`);
    const figures = await page.evaluate(async ([source, size, deals]) => {
      const glue = await import('/pkg/gridplay.js');
      const exports = await glue.default({ module_or_path: '/pkg/gridplay_bg.wasm' });
      const run = new Function(`return (${source})`)();
      return run({ Fifteen: glue.Fifteen, memory: () => exports.memory, size, deals, now: () => performance.now() });
    }, [run.toString(), size, deals]);
    summary('Chromium', figures);
  } finally {
    await browser.close();
    server.stop();
  }
}

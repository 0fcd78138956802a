// The AI's speed in wasm, in Node and in Chromium: the move kernel (bitboard against the
// game's own Board) and the search (states a second, depth reached within a budget). It loads
// target/pkg-ai-bench (the Threes and 2048 engines with `--features bench`, built by
// `make bench-ai` with the page's profile and wasm-opt flags). A figure, not a test:
//   node scripts/bench-ai.mjs [--positions 200000] [--budget-ms 10] [--where node,chromium]
import { readFileSync } from 'node:fs';
import { startServer, launchBrowser } from '../tests/e2e/harness.mjs';

const args = Object.fromEntries(process.argv.slice(2).join(' ').split('--').filter(Boolean)
  .map((pair) => pair.trim().split(/\s+/)));
const positions = Number(args.positions ?? 200000);
const budgetMs = Number(args['budget-ms'] ?? 10);
const searches = Number(args.searches ?? 100);
const where = (args.where ?? 'node,chromium').split(',');

/** Runs in Node or in the page: the same measurements as `gridplay-bench kernel` and `search`. */
function run({ benchKernel, benchSearch, positions, budgetMs, searches }) {
  const out = {};
  for (const game of ['threes', '2048']) {
    out[game] = { kernel: benchKernel(game, positions), search: benchSearch(game, budgetMs, searches) };
  }
  return out;
}

function summary(label, figures) {
  for (const [game, { kernel, search }] of Object.entries(figures)) {
    console.log(`${label.padEnd(9)} ${game.padEnd(6)} bitboard ${(kernel.bitboard / 1e6).toFixed(1)} M moves/s, `
      + `Board ${(kernel.board / 1e6).toFixed(1)} M moves/s (${(kernel.bitboard / kernel.board).toFixed(1)}×); `
      + `search at ${budgetMs} ms: ${(search.statesPerSecond / 1e6).toFixed(2)} M states/s, `
      + `depth ${search.meanDepth.toFixed(1)}, longest call ${search.longestMs.toFixed(1)} ms`);
  }
}

const pkg = new URL('../target/pkg-ai-bench/', import.meta.url);
if (where.includes('node')) {
  const glue = await import(new URL('gridplay.js', pkg));
  await glue.default({ module_or_path: readFileSync(new URL('gridplay_bg.wasm', pkg)) });
  summary('Node', run({ ...glue, positions, budgetMs, searches }));
}

if (where.includes('chromium')) {
  const server = await startServer('target/pkg-ai-bench');
  const browser = await launchBrowser();
  try {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${server.url}gridplay.js`);
    const figures = await page.evaluate(async ([source, positions, budgetMs, searches]) => {
      const glue = await import('/gridplay.js');
      await glue.default({ module_or_path: '/gridplay_bg.wasm' });
      const run = new Function(`return (${source})`)();
      return run({ ...glue, positions, budgetMs, searches });
    }, [run.toString(), positions, budgetMs, searches]);
    summary('Chromium', figures);
  } finally {
    await browser.close();
    server.stop();
  }
}

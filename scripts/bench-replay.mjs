// Replays, measured (figures, not a test), on a 15 000-move 2048 game
// (tests/fixtures/replay_2048_15000.txt, from examples/long_2048.rs):
// - the page's engine (target/pkg-2048, the release wasm the page ships) in Node: how long
//   Game2048.load takes (median of 7), and atStep at 300 steps picked at random;
// - the page itself in Chromium, on the built site (target/site): from the address
//   2048.html#replay=<save> to the viewer showing the start (median of 5 loads, each in a fresh
//   context), and a step (→), End and Home, each to the next frame drawn, median of 30.
// `gridplay-bench replay <file>` gives the native figures beside them.
//   node scripts/bench-replay.mjs [--file tests/fixtures/replay_2048_15000.txt]
import { readFileSync } from 'node:fs';
import { launchBrowser, startServer } from '../tests/e2e/harness.mjs';
import { median } from './median.mjs';

const args = Object.fromEntries(process.argv.slice(2).join(' ').split('--').filter(Boolean)
  .map((pair) => pair.trim().split(/\s+/)));
const file = args.file ?? 'tests/fixtures/replay_2048_15000.txt';
const save = readFileSync(file, 'utf8').trim();
const ms = (v) => `${v.toFixed(2)} ms`;

// The engine in Node.
const glue = await import(new URL('../target/pkg-2048/2048.js', import.meta.url));
glue.initSync({ module: readFileSync(new URL('../target/pkg-2048/2048_bg.wasm', import.meta.url)) });
const loads = [];
let full = null;
for (let i = 0; i < 7; i += 1) {
  const start = performance.now();
  const game = glue.Game2048.load(save);
  loads.push(performance.now() - start);
  full?.free();
  full = game;
}
const steps = full.stepCount();
let seed = 1;
const random = () => {
  seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
  return seed / 2 ** 32;
};
const at = [];
for (let i = 0; i < 300; i += 1) {
  const step = Math.floor(random() * (steps + 1));
  const start = performance.now();
  const game = full.atStep(step);
  at.push(performance.now() - start);
  game.free();
}
console.log(`wasm (Node ${process.version}), 2048, ${steps} moves: load median ${ms(median(loads))} (max ${ms(Math.max(...loads))}); `
  + `a step, 300 at random: median ${ms(median(at))}, max ${ms(Math.max(...at))}`);

// The viewer in Chromium.
const server = await startServer('target/site');
const browser = await launchBrowser();
const opens = [];
const keys = { ArrowRight: [], End: [], Home: [] };
for (let round = 0; round < 5; round += 1) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${server.url}2048.html`);
  await page.waitForFunction(() => window.gridplay?.game());
  const opened = await page.evaluate(async (text) => {
    const start = performance.now();
    location.hash = `#replay=${text}`;
    while (!document.querySelector('.replay-bar')) await new Promise((resolve) => requestAnimationFrame(resolve));
    return performance.now() - start;
  }, save);
  opens.push(opened);
  for (let i = 0; i < 6; i += 1) {
    for (const key of Object.keys(keys)) {
      // From the key to the frame after the board is drawn.
      keys[key].push(await page.evaluate((k) => new Promise((resolve) => {
        const start = performance.now();
        document.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true }));
        requestAnimationFrame(() => resolve(performance.now() - start));
      }), key));
    }
  }
  await context.close();
}
await browser.close();
server.stop();
console.log(`page (Chromium, target/site), ${steps} moves: the address to the viewer at the start: median ${ms(median(opens))} `
  + `(max ${ms(Math.max(...opens))}); to the next frame after → ${ms(median(keys.ArrowRight))}, End ${ms(median(keys.End))}, `
  + `Home ${ms(median(keys.Home))} (medians of 30)`);

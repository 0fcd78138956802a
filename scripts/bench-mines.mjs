// No-guess Minesweeper generation in wasm, from Node: the first reveal of `new Minefield(...)`
// places the mines, so its time is the generation time (plus one flood fill). Boards of seeds
// S…S+N−1 with the first reveal in the middle, as `gridplay-bench mines` does natively.
// A figure, not a test. Build the package first (Minefield alone, release):
//   scripts/wasm-build.sh nodejs release target/pkg-mines-node -- --no-default-features --features mines
//   node scripts/bench-mines.mjs [--width 30] [--height 16] [--mines 99] [--boards 200] [--seed 1] [--pkg path/to/gridplay.js]
import { createRequire } from 'node:module';

const args = Object.fromEntries(process.argv.slice(2).join(' ').split('--').filter(Boolean)
  .map((pair) => pair.trim().split(/\s+/)));
const width = Number(args.width ?? 30);
const height = Number(args.height ?? 16);
const mines = Number(args.mines ?? 99);
const boards = Number(args.boards ?? 200);
const seed = Number(args.seed ?? 1);
const pkg = args.pkg ?? new URL('../target/pkg-mines-node/gridplay.js', import.meta.url).pathname;
const { Minefield } = createRequire(import.meta.url)(pkg);

const [x, y] = [Math.floor(width / 2), Math.floor(height / 2)];
// One board first, so that instantiation and first-call costs are not in the figures.
new Minefield(width, height, mines, seed + boards).reveal(x, y);
const times = [];
for (let s = seed; s < seed + boards; s += 1) {
  const field = new Minefield(width, height, mines, s);
  const start = performance.now();
  field.reveal(x, y);
  times.push(performance.now() - start);
  if (field.status() === 'ready') throw new Error(`seed ${s}: the first reveal did nothing`);
  field.free();
}
const sorted = [...times].sort((a, b) => a - b);
const at = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
const mean = times.reduce((a, b) => a + b, 0) / times.length;
const ms = (v) => `${v.toFixed(2)} ms`;
console.log(`wasm (Node ${process.version}) ${width}×${height}/${mines}, ${boards} no-guess boards: `
  + `median ${ms(at(0.5))}, mean ${ms(mean)}, p90 ${ms(at(0.9))}, p99 ${ms(at(0.99))}, max ${ms(sorted.at(-1))}`);

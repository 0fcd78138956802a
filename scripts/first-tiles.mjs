// 2048's first tiles against the original 2048's, and against another build's: the original
// (target/2048-original, or ORIGINAL_2048), then 2048's page of each site given (2048.html; a
// build from before each game had its page, #2048 of index.html), loaded in turn for
// ROUNDS rounds (25), each in a fresh context; navigation → the animation frame that paints the
// first tile, as `make perf` measures it. Figures, not a test: what a change of the page did to
// the first board, head to head on one machine (an older build: `git worktree add` it and
// `make build` there).
//
//   node scripts/first-tiles.mjs <site-dir> [<other-site-dir>]
//
// PHONE=1 loads each on a phone's network and CPU (first-tiles-timing.mjs's SLOW_4G).
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchBrowser, startServer } from '../tests/e2e/harness.mjs';
import { firstTiles } from './first-tiles-timing.mjs';
import { precompress } from './hosting.mjs';
import { median } from './median.mjs';

const sites = process.argv.slice(2);
if (sites.length === 0 || sites.length > 2) {
  console.error('usage: node scripts/first-tiles.mjs <site-dir> [<other-site-dir>]');
  process.exit(2);
}
const ROUNDS = Number(process.env.ROUNDS ?? 25);
const phone = process.env.PHONE === '1';
const ORIGINAL = process.env.ORIGINAL_2048 ?? 'target/2048-original';

// Each site copied with the original beside it, served alike (precompressed, as make perf does).
const dir = mkdtempSync(join(tmpdir(), 'gridplay-first-tiles-'));
const servers = [];
for (const [i, site] of sites.entries()) {
  const copy = join(dir, String(i));
  cpSync(site, copy, { recursive: true });
  cpSync(ORIGINAL, join(copy, 'original-2048'), { recursive: true, filter: (path) => !path.includes('/.git') });
  await precompress(copy);
  servers.push(await startServer(copy));
}
const browser = await launchBrowser();
// (threes.html: the old 2048.html was a redirect.)
const addresses = sites.map((site) => (existsSync(join(site, 'threes.html')) ? '2048.html' : '#2048'));

const original = [];
const ours = sites.map(() => []);
for (let round = 0; round < ROUNDS; round += 1) {
  original.push(await firstTiles(browser, `${servers[0].url}original-2048/`, '.tile-container .tile', { phone }));
  for (const [i, server] of servers.entries()) ours[i].push(await firstTiles(browser, `${server.url}${addresses[i]}`, '#tiles > .tile', { phone }));
}
await browser.close();
for (const server of servers) server.stop();
rmSync(dir, { recursive: true, force: true });

const ratio = (a, b) => `${median(a.map((ms, i) => ms / b[i])).toFixed(2)}×`;
console.log(`First tiles, ms, medians of ${ROUNDS} rounds interleaved${phone ? ', on a phone (slow 4G, the CPU 4× slower)' : ''}`);
console.log(`original 2048: ${median(original).toFixed(0)}`);
for (const [i, site] of sites.entries()) {
  console.log(`${site}: ${median(ours[i]).toFixed(0)}, ${ratio(ours[i], original)} the original's`);
}
if (sites.length === 2) console.log(`${sites[0]} ÷ ${sites[1]}: ${ratio(ours[0], ours[1])}`);

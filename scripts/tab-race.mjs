// Several tabs of one game, played at once: are moves lost, or kept writes rolled back? TABS tabs
// (5) of one browser open the same game; each presses the game's keys for RACE_SECONDS (15), a
// random 0–GAP_MS (40) ms apart, all at the same time, the CPU slowed SLOWDOWN× (4, CDP), with
// both cores kept busy while they race unless LOAD=0 (tests/e2e/race.mjs says what is counted).
// Figures, not a test; RUNS (1) runs of each game named (all five by default). RACE_LOG=<file>
// appends each race's figures and every tab's events to that file, to trace a lost move by.
//
//   node scripts/tab-race.mjs <site-dir> [game ...]
import { launchBrowser, startServer } from '../tests/e2e/harness.mjs';
import { RACE_KEYS, race } from '../tests/e2e/race.mjs';

const [site, ...named] = process.argv.slice(2);
if (!site) {
  console.error('usage: node scripts/tab-race.mjs <site-dir> [game ...]');
  process.exit(2);
}
const games = named.length > 0 ? named : Object.keys(RACE_KEYS);
const RUNS = Number(process.env.RUNS ?? 1);
const options = {
  seconds: Number(process.env.RACE_SECONDS ?? 15),
  tabs: Number(process.env.TABS ?? 5),
  gap: Number(process.env.GAP_MS ?? 40),
  slowdown: Number(process.env.SLOWDOWN ?? 4),
  load: process.env.LOAD !== '0',
  // RACE_LOG=<file>: every race's figures and each tab's events, appended (race.mjs).
  logTo: process.env.RACE_LOG || null,
};

const server = await startServer(site);
const browser = await launchBrowser();
console.log(`${options.tabs} tabs, ${options.seconds} s of keys each, 0–${options.gap} ms apart, CPU ${options.slowdown}× slower, `
  + `machine ${options.load ? 'loaded (a busy loop a core)' : 'not loaded'}; ${RUNS} run(s) a game`);
console.log('game      run  keys  drawn  taken back  kept  lost  kept twice  kept writes  rolled back  tabs on the kept game');
const totals = { runs: 0, lost: 0, keptTwice: 0, rolledBack: 0, drawn: 0, takenBack: 0 };
try {
  for (let run = 1; run <= RUNS; run += 1) {
    for (const game of games) {
      const r = await race(browser, server.url, game, options);
      Object.assign(totals, {
        runs: totals.runs + 1, lost: totals.lost + r.lost, keptTwice: totals.keptTwice + r.keptTwice, rolledBack: totals.rolledBack + r.rolledBack,
        drawn: totals.drawn + r.drawn, takenBack: totals.takenBack + r.takenBack,
      });
      console.log(`${game.padEnd(9)} ${String(run).padStart(3)} ${String(r.pressed).padStart(5)} ${String(r.drawn).padStart(6)} `
        + `${String(r.takenBack).padStart(11)} ${String(r.kept).padStart(5)} ${String(r.lost).padStart(5)} ${String(r.keptTwice).padStart(11)} `
        + `${String(r.keptWrites).padStart(12)} ${String(r.rolledBack).padStart(12)}  ${r.onKept} of ${options.tabs}`);
    }
  }
} finally {
  await browser.close();
  server.stop();
}
console.log(`\n${totals.runs} runs: ${totals.drawn} moves drawn, ${totals.takenBack} taken back and said, `
  + `${totals.lost} lost, ${totals.keptTwice} kept twice (drawn alike in two tabs), ${totals.rolledBack} kept writes rolled back`);

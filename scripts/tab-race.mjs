// Several tabs of one game, played at once: are moves lost? TABS tabs (3) of one browser open the
// same game; each presses arrow keys for RACE_SECONDS (30), a random 0–GAP_MS (50) ms apart, all at
// the same time. Then every tab settles, and a new tab opened on the game shows the kept game.
// A move a tab drew as made (globalThis.gridplay.drawnMoves()) that the kept game does not hold is
// lost: lost = Σ drawn − (the kept game's moves − the moves it began with). And every tab
// should end showing the kept game. Figures, not a test; RUNS (1) runs of each game named.
//
//   node scripts/tab-race.mjs <site-dir> [game ...]      (games: 2048 fifteen threes)
import { desktop, launchBrowser, startServer } from '../tests/e2e/harness.mjs';

const [site, ...named] = process.argv.slice(2);
if (!site) {
  console.error('usage: node scripts/tab-race.mjs <site-dir> [game ...]');
  process.exit(2);
}
const games = named.length > 0 ? named : ['2048', 'fifteen', 'threes'];
const RUNS = Number(process.env.RUNS ?? 1);
const SECONDS = Number(process.env.RACE_SECONDS ?? 30);
const TABS = Number(process.env.TABS ?? 3);
const GAP_MS = Number(process.env.GAP_MS ?? 50);
const KEYS = ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown'];

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const shown = (page) => page.evaluate(() => ({ save: globalThis.gridplay.game().save(), moves: globalThis.gridplay.game().moveCount() }));

async function openGame(context, game) {
  const page = await context.newPage();
  await page.goto(`${server.url}#${game}`);
  await page.waitForFunction(() => globalThis.gridplay?.game() && !globalThis.gridplay.busy());
  return page;
}

/** One run: the figures of `game` played in TABS tabs at once. */
async function race(browser, game) {
  const context = await browser.newContext(desktop);
  const tabs = [];
  for (let i = 0; i < TABS; i += 1) tabs.push(await openGame(context, game));
  const start = await shown(tabs[0]);
  const until = Date.now() + SECONDS * 1000;
  let pressed = 0;
  await Promise.all(tabs.map(async (page) => {
    while (Date.now() < until) {
      await page.keyboard.press(KEYS[Math.floor(Math.random() * KEYS.length)]);
      pressed += 1;
      await sleep(Math.random() * GAP_MS);
    }
  }));
  for (const page of tabs) await page.evaluate(() => globalThis.gridplay.idle());
  await sleep(1000); // what each tab still hears of the others
  for (const page of tabs) await page.evaluate(() => globalThis.gridplay.idle());
  const drawn = (await Promise.all(tabs.map((page) => page.evaluate(() => globalThis.gridplay.drawnMoves())))).reduce((a, b) => a + b, 0);
  const ends = await Promise.all(tabs.map(shown));
  const kept = await shown(await openGame(context, game));
  await context.close();
  return {
    pressed, drawn, kept: kept.moves - start.moves, lost: drawn - (kept.moves - start.moves),
    onKept: ends.filter((end) => end.save === kept.save).length,
  };
}

const server = await startServer(site);
const browser = await launchBrowser();
console.log(`${TABS} tabs, ${SECONDS} s of keys each, 0–${GAP_MS} ms apart; ${RUNS} run(s) a game`);
console.log('game      run  keys  drawn as made  kept  lost  tabs on the kept game');
for (const game of games) {
  for (let run = 1; run <= RUNS; run += 1) {
    const r = await race(browser, game);
    console.log(`${game.padEnd(9)} ${String(run).padStart(3)} ${String(r.pressed).padStart(5)} ${String(r.drawn).padStart(14)} ${String(r.kept).padStart(5)} ${String(r.lost).padStart(5)}  ${r.onKept} of ${TABS}`);
  }
}
await browser.close();
server.stop();

// `make bench-first-note`: how soon a replay link shows its first judged note, for every game
// of the list (figures, not a test). For each game: a few games made on its page with its own
// engine (a random deal and up to 30 of its legal moves, through the game contract's moves() and
// play()), each replay link opened in headless Chromium at phone size, timed from navigation to
// the first note that is no longer "judging…". Twice: in a fresh browser profile (nothing kept:
// the engine and, for Fifteen, the solver's tables built in the judge's worker), and in a
// profile that has had the game's page open a few seconds (Fifteen's helpers have built its
// tables and kept them in Cache Storage). Medians and ranges over the games.
import { readGames } from './games.mjs';
import { launchBrowser, phone, startServer } from '../tests/e2e/harness.mjs';

const GAMES_EACH = Number(process.env.GAMES ?? 5);
const server = await startServer(process.env.SITE ?? 'target/site');
const browser = await launchBrowser();

/** Milliseconds from navigation to the first judged note of the replay of `save`. */
async function firstNote(context, route, save) {
  const page = await context.newPage();
  await page.goto(`${server.url}${route}.html#replay=${save}`);
  await page.waitForFunction(() => {
    const note = document.querySelector('.replay-note');
    return note && note.textContent !== '' && !note.textContent.includes('judging');
  }, null, { timeout: 120_000, polling: 10 });
  const ms = await page.evaluate(() => performance.now());
  await page.close();
  return ms;
}

const summary = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  const s = (ms) => (ms / 1000).toFixed(2);
  return `${s(sorted[Math.floor(sorted.length / 2)])} s (${s(sorted[0])}–${s(sorted.at(-1))})`;
};

console.log(`replay link → first judged note, ${GAMES_EACH} games each, headless Chromium at ${phone.viewport.width}×${phone.viewport.height}`);
console.log('game        nothing kept          after a visit to the game');
for (const { route } of readGames()) {
  const context = await browser.newContext(phone);
  const page = await context.newPage();
  await page.goto(`${server.url}${route}.html`);
  await page.waitForFunction(() => window.gridplay?.game());
  const saves = await page.evaluate((count) => {
    const Game = window.gridplay.game().constructor;
    return Array.from({ length: count }, () => {
      const game = Game.fromLink(Game.presets().find((p) => p.name === '4')?.link ?? '');
      for (let i = 0; i < 30 && game.status() === 'playing'; i += 1) {
        const moves = game.moves();
        game.play(moves[(i * 7) % moves.length]);
      }
      const save = game.save();
      game.free();
      return save;
    });
  }, GAMES_EACH);
  // The visit: the game's page open long enough for its helpers to get ready (Fifteen's keep
  // their tables).
  await page.waitForTimeout(8000);
  const fresh = [];
  for (const save of saves) {
    const profile = await browser.newContext(phone);
    fresh.push(await firstNote(profile, route, save));
    await profile.close();
  }
  const visited = [];
  for (const save of saves) visited.push(await firstNote(context, route, save));
  await context.close();
  console.log(`${route.padEnd(11)} ${summary(fresh).padEnd(21)} ${summary(visited)}`);
}
await browser.close();
server.stop();

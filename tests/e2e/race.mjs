// Several tabs of one browser playing one game at once, as a player with the game open in five
// tabs might (or a tester, on purpose): every tab presses the game's keys at random, at the same
// time, with the CPU slowed as a mid-range phone's is. Then every tab settles, and the figures
// say whether anything was lost:
// - a move a tab drew as made (the test hook's drawnMoves) and did not take back and say so
//   (takenBackMoves: another tab's game was kept first) must be kept by that tab's own writes:
//   lost = Σ over tabs (drawn − taken back − kept here), where a tab's moves kept here are, at
//   each of its 'kept' events, the kept save's moves past the game it last kept or took on;
// - those moves kept are the kept game's, each once: Σ kept here − (the kept game's moves − the
//   moves it began with) is 0, or else the moves kept twice (keptTwice): two tabs drew the same
//   move on the same game (a deal is random, but a move on one position deals the same tile in
//   every tab), the same save, and each kept it, the second over the first (it took that record
//   for its own, not yet knowing which write its game came from); in the kept game once, drawn
//   in two tabs, and lost in neither;
// - a save the records kept (each tab's 'kept' events) is never rolled back: the kept game at
//   the end extends every one of them (no undo and no new game is pressed, so it must);
// - every tab ends showing the kept game.
// Used by tests/e2e/race.test.mjs (a test) and scripts/tab-race.mjs (figures over many runs).
// Not a test file (node --test runs only *.test.mjs).
import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { desktop } from './harness.mjs';

/** The keys each game is raced with: its moves and nothing else (no undo, no new game). */
export const RACE_KEYS = {
  threes: ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown'],
  2048: ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown'],
  fifteen: ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown'],
  // The cursor, and Space to flag or unflag the square under it: never a mine dug.
  mines: ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown', ' ', ' ', ' '],
  // The cursor, and Enter to play the square under it (the computer answers).
  tictactoe: ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown', 'Enter', 'Enter'],
};

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Each tab's CPU slowed `rate`× (CDP, over `sessions`, one a tab, kept open: the rate lasts as
 * long as its session; 1 is full speed). */
const throttle = (sessions, rate) => Promise.all(sessions.map((cdp) => cdp.send('Emulation.setCPUThrottlingRate', { rate })));

/** Both cores kept busy (a loaded machine) until the returned function is called. */
function loadMachine(cores = 2) {
  const loops = Array.from({ length: cores }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
  return () => loops.forEach((loop) => loop.kill('SIGKILL'));
}

async function openGame(context, url, game) {
  const page = await context.newPage();
  await page.goto(`${url}#${game}`);
  await page.waitForFunction(() => globalThis.gridplay?.game() && !globalThis.gridplay.busy(), null, { timeout: 120_000 });
  await page.evaluate(() => {
    // No new game in a race: a game that ends on its board (tic-tac-toe) gives its Play again
    // the focus, which the next Enter would press.
    document.getElementById('play-again')?.remove();
    globalThis.keptSaves = [];
    // The moves this tab drew that its own writes kept: at each write kept, its moves past the
    // game this tab last kept or took on (dealt, restored, followed).
    globalThis.keptHere = 0;
    let from = globalThis.gridplay.game().moveCount();
    // The tab's events, for a race's log (RACE_LOG): each with the time, the moves of the game
    // shown, and what the tab's counters say then.
    globalThis.raceLog = [];
    const t0 = performance.timeOrigin;
    const note = (what, extra = {}) => {
      const game = globalThis.gridplay.game();
      let moves = null;
      try {
        moves = game?.moveCount() ?? null;
      } catch {
        // (A game freed under the event: no count.)
      }
      globalThis.raceLog.push({
        t: Math.round(t0 + performance.now()), what, moves,
        drawn: globalThis.gridplay.drawnMoves(), takenBack: globalThis.gridplay.takenBackMoves(), ...extra,
      });
    };
    globalThis.gridplay.watch((what, detail) => {
      if (what === 'kept') {
        globalThis.keptSaves.push(detail.save);
        const save = globalThis.gridplay.game().constructor.load(detail.save);
        const moves = save.moveCount();
        save.free();
        globalThis.keptHere += moves - from;
        note('kept', { keptMoves: moves, from });
        from = moves;
      } else if (what === 'taken-back') note('taken-back', { moves: detail.moves });
      else if (what === 'dealt') {
        from = globalThis.gridplay.game().moveCount();
        note('dealt', { restored: detail.restored });
      }
      else if (what === 'ended') note('ended');
      else if (['move', 'drawn', 'undo', 'game', 'replay-ended', 'destroy'].includes(what)) note(what);
    });
    // Another tab's write of the game, as this tab hears it (the copy's length: which write).
    addEventListener('storage', (event) => {
      if (event.key?.endsWith('.save')) note('heard', { key: event.key, length: event.newValue?.length ?? null });
    });
  });
  return page;
}

/** Each tab's log of a race, oldest first, merged: [{tab, t, what, moves, …}]. */
async function raceLogs(tabs) {
  const logs = await Promise.all(tabs.map((page) => page.evaluate(() => globalThis.raceLog)));
  return logs.flatMap((log, tab) => log.map((entry) => ({ tab, ...entry }))).sort((a, b) => a.t - b.t);
}

/** How many of `saves` the game `final` (a save) does not begin with: kept writes rolled back. */
const rolledBackOf = (page, final, saves) => page.evaluate(([after, befores]) => {
  const Game = globalThis.gridplay.game().constructor;
  const game = Game.load(after);
  try {
    return befores.filter((before) => {
      const prefix = Game.load(before);
      const steps = prefix.moveCount();
      prefix.free();
      if (steps > game.moveCount()) return true;
      const at = game.atStep(steps);
      const same = at.save() === before;
      at.free();
      return !same;
    }).length;
  } finally {
    game.free();
  }
}, [final, saves]);

/**
 * One race of `game` in `tabs` tabs of a fresh browser profile (`browser`, the site at `url`),
 * each pressing keys for `seconds`, 0–`gap` ms apart, the CPU slowed `slowdown`×, and on past
 * that until the tabs have drawn `moves` moves between them or the game is over: a race is a
 * race however slow the machine (only a hung page ends it sooner, after `giveUpSeconds`).
 * With `load` (the default), both cores are kept busy as well. The tabs open, and the figures
 * are read, at full speed on a quiet machine: what is raced is the keys and what the tabs do
 * until they settle, which is all slowed and loaded.
 * Resolves the figures: {pressed, drawn, takenBack, kept, lost, keptTwice, rolledBack, keptWrites,
 * onKept}.
 * With `logTo` (a file), appends the race's figures and then every tab's events to it, one
 * JSON line each, oldest first: what a lost move is traced with.
 */
export async function race(browser, url, game, {
  tabs: count = 5, seconds = 10, gap = 40, slowdown = 4, load = true, moves = 0, giveUpSeconds = 600, logTo = null,
} = {}) {
  const context = await browser.newContext(desktop);
  // Bounded only so that a hung test ends: a busy or slow machine may take its time.
  context.setDefaultTimeout(120_000);
  const keys = RACE_KEYS[game];
  const tabs = [];
  for (let i = 0; i < count; i += 1) tabs.push(await openGame(context, url, game));
  const sessions = await Promise.all(tabs.map((page) => context.newCDPSession(page)));
  const start = await tabs[0].evaluate(() => globalThis.gridplay.game().moveCount());
  const unload = load ? loadMachine() : () => {};
  let pressed = 0;
  try {
    await throttle(sessions, slowdown);
    const until = Date.now() + seconds * 1000;
    const giveUp = Date.now() + giveUpSeconds * 1000;
    // Whether the tabs have raced enough: checked now and then, not at every key, so that the
    // check itself adds little to the load.
    let enough = moves <= 0;
    let pressing = true;
    const counting = (async () => {
      while (pressing && !enough) {
        await sleep(500);
        const drawnNow = await Promise.all(tabs.map((page) => page.evaluate(() => globalThis.gridplay.drawnMoves())));
        enough = drawnNow.reduce((a, b) => a + b, 0) >= moves
          || (await tabs[0].evaluate(() => globalThis.gridplay.game().status() !== 'playing'));
      }
    })();
    await Promise.all(tabs.map(async (page) => {
      while (Date.now() < until || (!enough && Date.now() < giveUp)) {
        await page.keyboard.press(keys[Math.floor(Math.random() * keys.length)]);
        pressed += 1;
        await sleep(Math.random() * gap);
      }
    }));
    pressing = false;
    await counting;
    // Settled: every tab's moves drawn and kept, and what each still hears of the others followed.
    for (let round = 0; round < 3; round += 1) {
      for (const page of tabs) await page.evaluate(() => globalThis.gridplay.idle());
      await sleep(300);
    }
  } finally {
    unload();
  }
  await throttle(sessions, 1);
  // Each tab's counts, one round trip a tab.
  const counts = await Promise.all(tabs.map((page) => page.evaluate(() => ({
    drawn: globalThis.gridplay.drawnMoves(), takenBack: globalThis.gridplay.takenBackMoves(), keptHere: globalThis.keptHere,
  }))));
  const drawn = counts.reduce((sum, c) => sum + c.drawn, 0);
  const takenBack = counts.reduce((sum, c) => sum + c.takenBack, 0);
  const keptHere = counts.reduce((sum, c) => sum + c.keptHere, 0);
  const kept = await openGame(context, url, game);
  const shown = () => kept.evaluate(() => ({ save: globalThis.gridplay.game().save(), moves: globalThis.gridplay.game().moveCount() }));
  // The game as the new tab first shows it (storage's copy) and once it has checked the copy
  // against the record (and followed the record, if the copy lagged it).
  const atOnce = await shown();
  await kept.evaluate(() => globalThis.gridplay.idle());
  await kept.evaluate(() => globalThis.gridplay.idle());
  const final = await shown();
  const ends = await Promise.all(tabs.map((page) => page.evaluate(() => ({
    save: globalThis.gridplay.game().save(), moves: globalThis.gridplay.game().moveCount(), keptSaves: globalThis.keptSaves,
  }))));
  const log = logTo ? await raceLogs(tabs) : null;
  const keptSaves = ends.flatMap((end) => end.keptSaves);
  const keptWrites = keptSaves.length;
  const rolledBack = await rolledBackOf(kept, final.save, keptSaves);
  await context.close();
  const figures = {
    pressed, drawn, takenBack, kept: final.moves - start, lost: drawn - takenBack - keptHere,
    keptTwice: keptHere - (final.moves - start),
    rolledBack, keptWrites, onKept: ends.filter((end) => end.save === final.save).length,
  };
  if (logTo) {
    appendFileSync(logTo, `${JSON.stringify({
      game, ...figures, start, finalMoves: final.moves, copyMoves: atOnce.moves, copyLagged: atOnce.save !== final.save,
      tabs: ends.map((end, i) => ({ moves: end.moves, ...counts[i], onKept: end.save === final.save })),
    })}\n`);
    for (const entry of log) appendFileSync(logTo, `  ${JSON.stringify(entry)}\n`);
  }
  return figures;
}

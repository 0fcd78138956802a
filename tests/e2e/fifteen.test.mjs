// The sliding puzzle's page as a player meets it: taps and swipes on a phone, keys on a
// desktop, the whole segment sliding, the solved panel, Hint and Solve (and stopping it), the
// size picker, share links, reload and offline.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { desktop, fifteenSolution, keepCopies, newPage, phone, settle, swipe, useBrowser } from './harness.mjs';

const env = useBrowser();

/**
 * Opens #fifteen with `save` as the stored game (a returning player's browser), or `hash` as
 * the address; resolves once the board is drawn.
 */
async function open(options, { save = null, hash = 'fifteen.html' } = {}) {
  const opened = await newPage(env.browser, options, {
    init: save ? `if (!sessionStorage.getItem('seeded')) { sessionStorage.setItem('seeded', '1'); localStorage.setItem('gridplay.fifteen.save', ${JSON.stringify(save)}); }` : null,
  });
  await opened.page.goto(`${env.server.url}${hash}`);
  await opened.page.waitForFunction(() => window.gridplay?.game());
  return opened;
}

/** A save of a puzzle that starts from `tiles`, no moves yet. */
const saveOf = (tiles) => `fifteen.1.t${tiles.map((t) => t.toString(36)).join('')}.0.`;

const game = (page, method) => page.evaluate((name) => window.gridplay.game()[name](), method);
const tilesNow = (page) => game(page, 'cells');

/** The tiles as drawn: for each cell, the number of the button standing on it (0: none). */
function drawnTiles(page) {
  return page.evaluate(() => {
    const cells = window.gridplay.game().cells().map(() => 0);
    for (const button of document.querySelectorAll('#tiles .fifteen-tile')) cells[Number(button.dataset.cell)] = Number(button.dataset.tile);
    return cells;
  });
}

const said = (page) => page.textContent('#announcer');

// 1  2  3  4
// 5  6  7  8
// 9  10 11 12
// 13 _  14 15
const NEAR_GOAL = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 0, 14, 15];

test('phone: tapping the solution solves a 3×3 deal; the panel shows moves, time and the optimal length; the best is kept per size', async () => {
  const { context, page, errors } = await open(phone, { hash: 'fifteen.html#size=3/seed=2024' });
  await page.waitForFunction(() => location.pathname.endsWith('/fifteen.html') && location.hash === '');
  assert.equal(await game(page, 'width'), 3);
  assert.equal(await game(page, 'seed'), 2024);
  const solution = await fifteenSolution(page);
  assert.ok(solution.length > 5);
  for (const tile of solution) {
    await page.locator(`#tiles [data-tile="${tile}"]`).tap();
    await settle(page);
  }
  await page.locator('#game-over').waitFor({ state: 'visible' });
  assert.equal(await page.textContent('#game-over-title'), 'Solved!');
  assert.equal(Number(await page.textContent('#final-score')), solution.length);
  const facts = await page.textContent('#score-sheet');
  assert.match(facts, /Time\d+:\d\d/);
  await page.waitForFunction((n) => document.querySelector('#score-sheet').textContent.includes(`Optimal${n} moves`), solution.length);
  await page.evaluate(() => window.gridplay.idle());
  assert.equal(await page.evaluate(() => localStorage.getItem('gridplay.fifteen.best.3')), String(solution.length));
  assert.equal(await page.evaluate(() => localStorage.getItem('gridplay.fifteen.best.4')), null, 'a best per size');
  assert.deepEqual(await drawnTiles(page), await tilesNow(page));
  await page.click('#game-over-new');
  await page.waitForFunction(() => window.gridplay.game().moveCount() === 0 && !(window.gridplay.game().status() === 'won'));
  assert.equal(await game(page, 'width'), 3, 'a new game keeps the size');
  assert.equal(await page.textContent('#best'), String(solution.length));
  assert.deepEqual(errors, []);
  await context.close();
});

test('phone: a tap slides the whole segment; a tile off the gap’s line stays and says why; swipes move the tile beside the gap', async () => {
  const { context, page, errors } = await open(phone, { save: saveOf(NEAR_GOAL) });
  assert.deepEqual(await tilesNow(page), NEAR_GOAL, 'the save holds the starting arrangement');
  assert.equal(await game(page, 'seed'), undefined);
  await page.locator('#tiles [data-tile="2"]').tap();
  await settle(page);
  assert.deepEqual(await tilesNow(page), [1, 0, 3, 4, 5, 2, 7, 8, 9, 6, 11, 12, 13, 10, 14, 15]);
  assert.equal(await game(page, 'moveCount'), 3);
  assert.equal(await said(page), 'Moved 2, 6 and 10 down. 3 moves. The gap is at row 1, column 2.');
  assert.equal(await page.textContent('#moves'), '3');
  await page.locator('#tiles [data-tile="7"]').tap();
  await settle(page);
  assert.equal(await game(page, 'moveCount'), 3);
  assert.equal(await said(page), 'Tile 7 is not in line with the gap.');
  await swipe(page, 'down');
  await settle(page);
  assert.equal(await said(page), 'No tile can slide down.');
  await swipe(page, 'up');
  await settle(page);
  assert.deepEqual((await tilesNow(page)).slice(0, 8), [1, 2, 3, 4, 5, 0, 7, 8]);
  await swipe(page, 'left');
  await settle(page);
  assert.deepEqual((await tilesNow(page)).slice(4, 8), [5, 7, 0, 8]);
  assert.deepEqual(await drawnTiles(page), await tilesNow(page));
  // The buttons say what they show: number and place.
  assert.equal(await page.getAttribute('#tiles [data-tile="7"]', 'aria-label'), '7, row 2, column 2');
  assert.deepEqual(errors, []);
  await context.close();
});

test('desktop: arrows and WASD move the tile beside the gap, Enter on a focused tile slides it, U undoes a whole slide, Ctrl+Z undoes from the solved panel', async () => {
  const { context, page, errors } = await open(desktop, { save: saveOf(NEAR_GOAL) });
  await page.keyboard.press('ArrowLeft');
  await settle(page);
  assert.deepEqual((await tilesNow(page)).slice(12), [13, 14, 0, 15]);
  await page.keyboard.press('d');
  await settle(page);
  assert.deepEqual((await tilesNow(page)).slice(12), [13, 0, 14, 15]);
  await page.keyboard.press('s'); // the tile above the gap (10) moves down
  await settle(page);
  assert.deepEqual((await tilesNow(page)).slice(8), [9, 0, 11, 12, 13, 10, 14, 15]);
  await page.keyboard.press('ArrowUp');
  await settle(page);
  await page.focus('#tiles [data-tile="2"]');
  await page.keyboard.press('Enter');
  await settle(page);
  assert.deepEqual((await tilesNow(page)).slice(0, 8), [1, 0, 3, 4, 5, 2, 7, 8]);
  assert.equal(await game(page, 'moveCount'), 7);
  await page.keyboard.press('u');
  await settle(page);
  assert.equal(await game(page, 'moveCount'), 4, 'undo takes back the three tiles of one tap');
  assert.deepEqual(await tilesNow(page), NEAR_GOAL);
  assert.deepEqual(await drawnTiles(page), NEAR_GOAL);
  // Two more moves solve it: the panel, and its Undo.
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.locator('#game-over').waitFor({ state: 'visible' });
  // Ctrl+Z with the panel open does what its Undo button does.
  await page.keyboard.press('Control+z');
  await page.locator('#game-over').waitFor({ state: 'hidden' });
  await page.waitForFunction(() => !(window.gridplay.game().status() === 'won'));
  assert.deepEqual(errors, []);
  await context.close();
});

test('Solve says how long the optimal solution is, plays it, can be stopped, and a solve it finished keeps no best', async () => {
  const { context, page, errors } = await open(desktop, { hash: 'fifteen.html#size=4/seed=31' });
  await page.click('#solve');
  await page.waitForFunction(() => /shortest solution takes \d+ moves/.test(document.querySelector('#helper-line').textContent), null, { timeout: 60_000 });
  const length = Number(/takes (\d+) moves/.exec(await page.textContent('#helper-line'))[1]);
  assert.equal(length, (await page.evaluate(async () => {
    const engine = await import('/pkg/gridplay.js'); // the solver's engine (see fifteenSolution, harness.mjs)
    await engine.default();
    return new engine.Fifteen(4, 31).solve().length;
  })), 'the length said is the solver’s, for the deal');
  assert.equal(await page.textContent('#solve'), 'Stop');
  await page.waitForFunction(() => window.gridplay.game().moveCount() >= 3);
  await page.click('#solve');
  await settle(page);
  const stoppedAt = await game(page, 'moveCount');
  await page.waitForTimeout(700);
  assert.equal(await game(page, 'moveCount'), stoppedAt, 'no move after Stop');
  assert.equal(await page.textContent('#solve'), 'Solve');
  assert.equal(await page.textContent('#helper-line'), 'Solve stopped.');
  assert.equal(await game(page, 'status') === 'won', false);
  // Every move it played was the solution's: what is left is that much shorter.
  assert.equal((await fifteenSolution(page)).length, length - stoppedAt);
  // A key of the player's during Solve stops it too.
  await page.click('#solve');
  await page.waitForFunction((n) => window.gridplay.game().moveCount() >= n + 2, stoppedAt, { timeout: 60_000 });
  await page.keyboard.press('ArrowLeft');
  await page.waitForFunction(() => document.querySelector('#solve').textContent === 'Solve');
  await settle(page);
  // And to the end.
  await page.click('#solve');
  await page.locator('#game-over').waitFor({ state: 'visible', timeout: 60000 });
  assert.equal(await game(page, 'status') === 'won', true);
  assert.match(await page.textContent('#game-over-standing'), /^With help \(\d+ moves by the solver\): counted apart from your own games, and makes no best\.$/);
  assert.equal(await page.evaluate(() => localStorage.getItem('gridplay.fifteen.best.4')), null);
  // Counted apart, with help: not solved in the rates, no day of the streak.
  await page.waitForFunction(() => JSON.parse(localStorage.getItem('gridplay.stats') ?? '{}').fifteen);
  const { fifteen } = await page.evaluate(() => JSON.parse(localStorage.getItem('gridplay.stats')));
  assert.deepEqual([fifteen.played, fifteen.won, fifteen.apart.assisted, fifteen.run], [0, 0, 1, null]);
  assert.deepEqual(await drawnTiles(page), await tilesNow(page));
  assert.deepEqual(errors, []);
  await context.close();
});

test('Stop while the solver is still searching ends the search; the board plays on and the solver answers again', async () => {
  const { context, page, errors } = await open(desktop, { hash: 'fifteen.html#size=4/seed=5' });
  await page.click('#solve');
  // The first 4×4 search builds the solver's tables (seconds): Stop lands while it searches.
  await page.waitForFunction(() => document.querySelector('#helper-line').textContent === 'Looking for a solution…');
  await page.click('#solve');
  assert.equal(await page.textContent('#helper-line'), 'Solve stopped.');
  assert.equal(await page.textContent('#solve'), 'Solve');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await settle(page);
  assert.equal(await game(page, 'moveCount'), 2, 'the board takes moves at once');
  await page.waitForTimeout(3000);
  assert.equal(await game(page, 'moveCount'), 2, 'the stopped search plays nothing later');
  await page.click('#hint');
  await page.waitForFunction(() => /^Hint: move tile \d+/.test(document.querySelector('#helper-line').textContent), null, { timeout: 60_000 });
  // Nor once the solver has answered again (its tables built, however slowly).
  await settle(page);
  assert.equal(await game(page, 'moveCount'), 2, 'the stopped search played nothing');
  assert.deepEqual(errors, []);
  await context.close();
});

test('Hint marks the first tile of an optimal solution and says so; the size picker asks before replacing a game', async () => {
  const { context, page, errors } = await open(desktop, { hash: 'fifteen.html#size=4/seed=8' });
  await page.click('#hint');
  await page.waitForFunction(() => document.querySelector('#tiles .hint'));
  const solution = await fifteenSolution(page);
  assert.equal(await page.getAttribute('#tiles .hint', 'data-tile'), String(solution[0]));
  assert.equal(await page.textContent('#helper-line'), `Hint: move tile ${solution[0]}. ${solution.length} moves to go.`);
  await page.locator(`#tiles [data-tile="${solution[0]}"]`).click();
  await settle(page);
  assert.equal(await page.locator('#tiles .hint').count(), 0, 'the mark goes with the move');
  // A game in progress: 3×3 asks first; keeping the game keeps 4×4 picked.
  await page.click('#size-picker label:has(input[value="3"])');
  await page.locator('#confirm-dialog').waitFor({ state: 'visible' });
  await page.click('#confirm-cancel');
  // The picker is put back on the dialog's close event, a task after the click: wait for it.
  await page.waitForFunction(() => document.querySelector('#size-picker input[value="4"]').checked);
  assert.equal(await game(page, 'width'), 4);
  await page.click('#size-picker label:has(input[value="3"])');
  await page.click('#confirm-ok');
  await page.waitForFunction(() => window.gridplay.game().width() === 3);
  // (Once kept: a new deal is drawn at once and kept a moment after.)
  await page.evaluate(() => window.gridplay.idle());
  await page.reload();
  await page.waitForFunction(() => window.gridplay?.game());
  assert.equal(await game(page, 'width'), 3);
  assert.equal(await page.isChecked('#size-picker input[value="3"]'), true);
  // Without a game in progress, New game deals the size picked, without asking.
  await page.click('#new-game');
  await page.waitForFunction(() => window.gridplay.game().width() === 3);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a 5×5 share link opens that deal and Share gives it back; reload resumes the puzzle and its clock; a damaged save becomes a fresh game', async () => {
  const { context, page, errors } = await open(desktop, { hash: 'fifteen.html#size=5/seed=9' });
  await page.waitForFunction(() => location.pathname.endsWith('/fifteen.html') && location.hash === '');
  assert.equal(await game(page, 'width'), 5);
  assert.deepEqual(await tilesNow(page), await page.evaluate(async () => {
    const Fifteen = window.gridplay.game().constructor; // the page's own engine class
    return Fifteen.fromLink('size=5/seed=9').cells();
  }));
  assert.equal(await page.textContent('#clock'), '0:00', 'the clock waits for the first move');
  // Share names the size and the seed.
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.server.url });
  await page.click('#share');
  await page.waitForFunction(() => document.querySelector('.notice')?.textContent.includes('copied'));
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), `${env.server.url}fifteen.html#size=5/seed=9`);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowUp');
  await settle(page);
  const played = await game(page, 'save');
  // A second on the clock as the player sees it, however long that takes here.
  await page.waitForFunction(() => Number(document.querySelector('#clock').dataset.ms) >= 1000);
  await page.reload();
  await page.waitForFunction(() => window.gridplay?.game());
  assert.equal(await game(page, 'save'), played);
  assert.ok(Number(await page.getAttribute('#clock', 'data-ms')) >= 1000, 'the time played so far came back');
  assert.deepEqual(await drawnTiles(page), await tilesNow(page));
  // The reloaded game kept as the page read it, before a damaged save is written over it.
  await page.evaluate(() => window.gridplay.idle());
  await page.evaluate(() => localStorage.setItem('gridplay.fifteen.save', 'fifteen.1.t000.0.'));
  await keepCopies(page);
  await page.reload();
  await page.waitForFunction(() => window.gridplay?.game());
  await page.locator('.notice').filter({ hasText: 'could not be read' }).waitFor();
  assert.equal(await game(page, 'moveCount'), 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test('offline after one visit: the puzzle and its solver work with the network off', async () => {
  const { context, page, errors } = await open({ ...phone, serviceWorkers: 'allow' }, { hash: 'fifteen.html#size=4/seed=77' });
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    }
  });
  await context.setOffline(true);
  await page.reload();
  await page.waitForFunction(() => window.gridplay?.game());
  await page.click('#hint');
  await page.waitForFunction(() => /^Hint: move tile \d+/.test(document.querySelector('#helper-line').textContent), null, { timeout: 60_000 });
  assert.deepEqual(errors, []);
  await context.close();
});

test('5×5: a player who follows the hint hears the same solution from Hint and Solve; a refused tap logs nothing', async () => {
  const { context, page, errors } = await open(desktop, { hash: 'fifteen.html#size=5/seed=13' });
  const warnings = [];
  page.on('console', (msg) => msg.type() === 'warning' && warnings.push(msg.text()));
  await page.waitForFunction(() => window.gridplay.game().width() === 5 && window.gridplay.game().seed() === 13);
  const hint = async () => {
    await page.click('#hint');
    await page.waitForFunction(() => /^Hint: move tile \d+\. \d+ moves to go\.$/.test(document.querySelector('#helper-line').textContent), null, { timeout: 60_000 });
    const [, tile, left] = /tile (\d+)\. (\d+) moves/.exec(await page.textContent('#helper-line')).map(Number);
    return { tile, left };
  };
  const first = await hint();
  // A tap on a tile out of the gap's line: refused, said, and nothing in the console.
  const tiles = await tilesNow(page);
  const gap = tiles.indexOf(0);
  const offLine = tiles.findIndex((t, cell) => t !== 0 && cell % 5 !== gap % 5 && Math.floor(cell / 5) !== Math.floor(gap / 5));
  await page.click(`.fifteen-tile[data-tile="${tiles[offLine]}"]`);
  await settle(page);
  assert.match(await said(page), /is not in line with the gap/);
  // The hinted move, then Hint again and Solve: one solution, one move shorter.
  await page.click(`.fifteen-tile[data-tile="${first.tile}"]`);
  await settle(page);
  assert.equal((await hint()).left, first.left - 1);
  await page.click('#solve');
  await page.waitForFunction(() => /short solution takes \d+ moves/.test(document.querySelector('#helper-line').textContent), null, { timeout: 60_000 });
  assert.equal(await page.textContent('#helper-line'), `A short solution takes ${first.left - 1} moves.`);
  await page.click('#solve'); // Stop
  assert.deepEqual(warnings.filter((w) => w.includes('gridplay')), []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('desktop: I asks for a hint, as in every game with one', async () => {
  const { context, page, errors } = await open(desktop, { save: saveOf(NEAR_GOAL) });
  assert.equal(await page.getAttribute('#hint', 'aria-keyshortcuts'), 'I');
  await page.keyboard.press('i');
  await page.waitForFunction(() => /^Hint: move tile \d+/.test(document.querySelector('#helper-line').textContent), null, { timeout: 60_000 });
  const solution = await fifteenSolution(page);
  assert.equal(await page.textContent('#helper-line'), `Hint: move tile ${solution[0]}. ${solution.length} ${solution.length === 1 ? 'move' : 'moves'} to go.`);
  assert.equal(await game(page, 'moveCount'), 0, 'a hint moves nothing');
  assert.deepEqual(errors, []);
  await context.close();
});

test('P pressed before the helpers\' script has come is not lost: Solve starts when it comes', async () => {
  // The helpers' script comes a moment after the board; here it is held until the key is in.
  // Without a service worker, so the script comes through the route below.
  const { context, page, errors } = await newPage(env.browser, desktop, {
    init: () => delete Navigator.prototype.serviceWorker,
  });
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  await context.route(/helpers\/buttons[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`${env.server.url}fifteen.html#size=3/seed=2024`);
  await page.waitForFunction(() => window.gridplay?.game());
  await page.keyboard.press('p');
  await page.waitForTimeout(200);
  assert.equal(await page.textContent('#solve'), 'Solve', 'nothing runs before the script comes');
  release();
  await page.waitForFunction(() => document.querySelector('#solve').textContent === 'Stop', null, { timeout: 60_000 });
  await page.keyboard.press('p');
  await page.waitForFunction(() => document.querySelector('#solve').textContent === 'Solve');
  assert.deepEqual(errors, []);
  await context.close();
});

test('desktop: P starts Solve, as it starts Autoplay in the games with an AI, and P again stops it', async () => {
  const { context, page, errors } = await open(desktop, { hash: 'fifteen.html#size=3/seed=2024' });
  assert.equal(await page.getAttribute('#solve', 'aria-keyshortcuts'), 'P');
  await page.keyboard.press('p');
  await page.waitForFunction(() => document.querySelector('#solve').textContent === 'Stop', null, { timeout: 60_000 });
  await page.keyboard.press('p');
  await page.waitForFunction(() => document.querySelector('#solve').textContent === 'Solve');
  assert.equal(await page.textContent('#helper-line'), 'Solve stopped.');
  await settle(page);
  const played = await game(page, 'moveCount');
  assert.equal(await game(page, 'status') === 'won', false, 'stopped before the end');
  await page.waitForTimeout(800);
  assert.equal(await game(page, 'moveCount'), played, 'nothing is played after Stop');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the size picker by keys: the arrows move along it and deal nothing, Enter or Space picks, Esc at the question leaves the focus on the size in play', async () => {
  const { context, page, errors } = await open(desktop);
  await page.click('#size-picker label:has(input[value="3"])');
  await page.waitForFunction(() => window.gridplay.game().width() === 3);
  // (A click's pick gives the arrows back to the game: the picker is reached by keys.)
  await page.locator('#size-picker input[value="3"]').focus();
  const width = () => page.evaluate(() => window.gridplay.game().width());
  const checked = () => page.evaluate(() => document.querySelector('#size-picker input:checked').value);
  // The arrows move the choice, and deal nothing.
  await page.keyboard.press('ArrowDown');
  await page.waitForFunction(() => document.querySelector('#size-picker input:checked').value === '4');
  // (A settle: a deal the arrow started would be on its way by now.)
  await page.waitForTimeout(200);
  await page.evaluate(() => window.gridplay.idle());
  assert.equal(await checked(), '4');
  assert.equal(await width(), 3, 'an arrow deals nothing');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => window.gridplay.game().width() === 4);
  // With a game in progress, Space on the size the arrows moved to asks first; Esc keeps the game.
  await page.locator('#tiles .fifteen-tile').first().focus();
  const direction = await page.evaluate(() => ['up', 'down', 'left', 'right'].find((d) => window.gridplay.game().toward(d).ok));
  await page.keyboard.press({ up: 'ArrowUp', down: 'ArrowDown', left: 'ArrowLeft', right: 'ArrowRight' }[direction]);
  await page.waitForFunction(() => window.gridplay.game().moveCount() === 1);
  await page.locator('#size-picker input[value="4"]').focus();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press(' ');
  await page.locator('#confirm-dialog[open]').waitFor();
  await page.keyboard.press('Escape');
  // (The dialog's close event, which the question waits for, comes a task after it shuts.)
  await page.waitForFunction(() => !document.querySelector('#confirm-dialog[open]')
    && document.querySelector('#size-picker input:checked').value === '4' && document.activeElement.value === '4');
  assert.equal(await checked(), '4');
  assert.equal(await page.evaluate(() => document.activeElement.value), '4', 'the focus is on the size in play');
  // Moved along with the arrows and left by Tab, the picker shows the size in play again.
  await page.keyboard.press('ArrowDown');
  assert.equal(await checked(), '5');
  await page.keyboard.press('Tab');
  await page.waitForFunction(() => document.querySelector('#size-picker input:checked').value === '4');
  assert.equal(await width(), 4);
  assert.equal(await page.evaluate(() => window.gridplay.game().moveCount()), 1);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a screen reader reads the tiles in the board\'s order, the gap in its place, and which tiles are in place', async () => {
  const { context, page, errors } = await open(phone, { hash: 'fifteen.html#tiles=123456708' });
  await settle(page);
  // Chromium's own accessibility tree, in its reading order.
  const read = async () => {
    const cdp = await context.newCDPSession(page);
    const { nodes } = await cdp.send('Accessibility.getFullAXTree');
    await cdp.detach();
    return nodes.filter((n) => !n.ignored && /row \d, column \d$/.test(n.name?.value ?? '')).map((n) => n.name.value);
  };
  assert.deepEqual(await read(), [
    '1, in place, row 1, column 1', '2, in place, row 1, column 2', '3, in place, row 1, column 3',
    '4, in place, row 2, column 1', '5, in place, row 2, column 2', '6, in place, row 2, column 3',
    '7, in place, row 3, column 1', 'Gap, row 3, column 2', '8, row 3, column 3',
  ]);
  // In place is not told by colour alone: those tiles' numbers are underlined.
  const lines = await page.$$eval('#tiles .fifteen-face', (faces) => faces.map((face) => getComputedStyle(face).textDecorationLine));
  assert.deepEqual(lines, ['underline', 'underline', 'underline', 'underline', 'underline', 'underline', 'underline', 'none']);
  // The 8 slides left into the gap: the puzzle is solved, and read so.
  await page.keyboard.press('ArrowLeft');
  await page.waitForFunction(() => window.gridplay.game().status() === 'won');
  await page.locator('#game-over[open]').waitFor();
  await page.keyboard.press('Escape'); // See board
  await settle(page);
  assert.equal((await read()).at(-1), 'Gap, row 3, column 3');
  assert.deepEqual(errors, []);
  await context.close();
});

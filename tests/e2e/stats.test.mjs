// The stats (features/stats.js and stats-view.js), on a fixed clock: a game played to its end
// counts once, the day's deals too, on home's cards and in the Stats panel (played, won, best,
// average, the streak, the chart and its words); a reload, an undo and ending again, and a
// replay watched to the end count nothing more; a damaged record gives a working page with what
// could be read. Screenshots of home and the panel on a phone and a desktop, light and dark.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { readGames } from '../../scripts/games.mjs';
import { desktop, inLightAndDark, keepCopies, newPage, noticeShown, phone, recordOf, settle, showPage, useBrowser } from './harness.mjs';

const env = useBrowser();
const axeSource = readFileSync(new URL('../../node_modules/axe-core/axe.min.js', import.meta.url), 'utf8');
const screens = new URL('../../target/e2e-screens/', import.meta.url).pathname;

const TODAY = '2026-11-25T20:00:00';

/**
 * A page whose clock says `when`, at `hash`, with `stored` in localStorage the first time it
 * loads (a returning player's browser; a reload keeps what the page wrote since).
 */
async function open(hash, { stored = {}, options = desktop, when = TODAY } = {}) {
  const opened = await newPage(env.browser, options, {
    init: `if (!sessionStorage.getItem('seeded')) {
      sessionStorage.setItem('seeded', '1');
      for (const [key, value] of Object.entries(${JSON.stringify(stored)})) localStorage.setItem(key, value);
    }`,
  });
  await opened.page.clock.setFixedTime(new Date(when));
  await showPage(opened.page, `${env.server.url}${hash}`);
  return opened;
}

/** The stats as kept. */
const kept = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('gridplay.stats') ?? 'null'));

/** The Stats panel opened from the bar, and what it shows: the game chosen, figures, boards, chart. */
async function openPanel(page) {
  await page.click('#stats-button');
  await page.locator('#stats[open]').waitFor();
  return panel(page);
}

const panel = (page) => page.evaluate(() => {
  const dialog = document.getElementById('stats');
  const chart = dialog.querySelector('svg.stats-chart');
  return {
    game: dialog.querySelector('input[name="stats-game"]:checked')?.value ?? null,
    figures: Object.fromEntries([...dialog.querySelectorAll('.stats-figures div')].map((d) => [d.querySelector('dt').textContent, d.querySelector('dd').textContent])),
    boards: [...dialog.querySelectorAll('.stats-kinds tbody tr')].map((tr) => [...tr.children].map((cell) => cell.textContent)),
    chart: chart && { role: chart.getAttribute('role'), label: chart.getAttribute('aria-label'), title: chart.querySelector('title')?.textContent, bars: chart.querySelectorAll('rect').length },
    none: dialog.querySelector('.stats-none')?.textContent ?? null,
  };
});

/** Home's stats line on each card, by game. */
const cardLines = (page) => page.$$eval('.game-card[data-game]', (cards) => Object.fromEntries(cards.map((card) => [card.dataset.game, card.querySelector('.game-stats').textContent])));

/** Threes, a result a day before today: two days in a row up to yesterday. */
const result = (day, value) => ({ day, outcome: '', kind: 'gridplay.threes.best', value, moves: 40, ms: null });
const THREES_BEFORE = {
  'gridplay.threes.best': '4020',
  'gridplay.stats': JSON.stringify({
    threes: { played: 2, won: 0, lost: 0, drawn: 0, figure: 'score', lower: false, run: { day: '2026-11-24', days: 2, longest: 2 }, results: [result('2026-11-23', 312), result('2026-11-24', 4020)] },
  }),
};

/** Puts, under `key`, the Threes game of `seed` one move from its end; the key that ends it. */
async function oneMoveFromEnd(page, key, seed) {
  const finish = await page.evaluate(([where, deal]) => {
    const Game = window.gridplay.game().constructor;
    const game = Game.fromLink(`seed=${deal}`);
    const directions = ['left', 'up', 'right', 'down'];
    for (let i = 0; game.status() === 'playing'; i += 1) game.play(directions[i % 4]).ok || game.play(directions[(i + 1) % 4]).ok;
    const finish = game.lastMove().direction;
    game.undo();
    localStorage.setItem(where, game.save());
    return { up: 'ArrowUp', down: 'ArrowDown', left: 'ArrowLeft', right: 'ArrowRight' }[finish];
  }, [key, seed]);
  await keepCopies(page);
  return finish;
}

test('a day\'s Threes played to its end counts once: home\'s card, the panel (played, best, average, streak, the chart in words); not again on reload or in its replay', async () => {
  const { context, page, errors } = await open('threes.html#daily', { stored: THREES_BEFORE });
  const seed = await page.evaluate(() => window.gridplay.game().seed());
  const key = await oneMoveFromEnd(page, 'gridplay.threes.daily.save', seed);
  await page.reload();
  await page.waitForFunction(() => window.gridplay?.game());
  await page.keyboard.press(key);
  await page.locator('#game-over[open]').waitFor();
  await page.waitForFunction(() => JSON.parse(localStorage.getItem('gridplay.stats')).threes.played === 3);
  const score = await page.evaluate(() => window.gridplay.game().readouts().score);
  const stats = (await kept(page)).threes;
  const { id } = await page.evaluate(() => JSON.parse(localStorage.getItem('gridplay.threes.daily.attempt')));
  assert.deepEqual(stats.results.at(-1), { day: '2026-11-25', outcome: '', kind: 'gridplay.threes.best', value: score, moves: stats.results.at(-1).moves, ms: null, id });
  assert.deepEqual(stats.run, { day: '2026-11-25', days: 3, longest: 3 });
  // What was kept before the site's records moved into them, nothing lost: the stats, the best.
  assert.equal((await recordOf(page, 'gridplay.stats')).value, JSON.stringify(await kept(page)));
  // (A best that was not beaten is not written: it stays where it was kept.)
  const best = await recordOf(page, 'gridplay.threes.best');
  assert.equal(best?.value ?? await page.evaluate(() => localStorage.getItem('gridplay.threes.best')), String(Math.max(4020, score)));

  // The ended game reloaded is not a second game.
  await page.reload();
  await page.locator('#game-over[open]').waitFor();
  await page.click('#game-over-close');
  let shown = await openPanel(page);
  assert.equal(shown.game, 'threes', 'the panel opens on the game on screen');
  assert.deepEqual(shown.figures, {
    Played: '3', Best: String(Math.max(4020, score)), Average: String(Math.round((312 + 4020 + score) / 3)), Streak: '3 days',
  });
  const [low, high] = [Math.min(312, score), Math.max(4020, score)];
  const words = `Your last 3 games of Threes: scores from ${low} to ${high}; the latest ${score}.`;
  assert.deepEqual(shown.chart, { role: 'img', label: words, title: words, bars: 3 });
  assert.equal(await page.textContent('#stats .stats-caption'), words, 'said under the chart too');
  assert.match(await page.textContent('#stats'), /The streak is the days in a row, up to today, on which you finished a game of Threes\./);
  await page.click('#stats button[value="close"]');
  await page.locator('#stats').waitFor({ state: 'hidden' });
  assert.equal((await kept(page)).threes.played, 3);

  // Its replay, watched to the end, is not played: nothing counted.
  const save = await page.evaluate(() => window.gridplay.game().save());
  await page.goto(`${env.server.url}threes.html#replay=${save}`);
  await page.waitForSelector('.replay-bar');
  await page.keyboard.press('End');
  await page.waitForFunction((s) => window.gridplay.game().save() === s, save);
  assert.equal((await kept(page)).threes.played, 3);

  // Home: the card's line, and the panel on the game played last.
  await page.goto(`${env.server.url}`);
  await page.waitForFunction(() => document.querySelector('.game-card[data-game="threes"] .game-stats').textContent !== '');
  const lines = await cardLines(page);
  assert.equal(lines.threes, '3 played · 3-day streak');
  assert.equal(lines.fifteen, 'None finished yet');
  shown = await openPanel(page);
  assert.equal(shown.game, 'threes');
  // Another game's stats, chosen in the panel: none yet.
  await page.click('#stats label:has(input[value="mines"])');
  assert.equal((await panel(page)).none, 'No Minesweeper game finished yet: your stats start with the first.');
  assert.deepEqual(errors, []);
  await context.close();
});

// 1  2  3  4
// 5  6  7  8
// 9  10 11 12
// 13 _  14 15
const NEAR_GOAL = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 0, 14, 15];
const saveOf = (tiles) => `fifteen.1.t${tiles.map((t) => t.toString(36)).join('')}.0.`;

test('Fifteen solved counts once, though undone and solved again; the panel says "solved" and gives best and average per size', async () => {
  const { context, page, errors } = await open('fifteen.html', { stored: { 'gridplay.fifteen.save': saveOf(NEAR_GOAL) } });
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.locator('#game-over[open]').waitFor();
  await page.waitForFunction(() => JSON.parse(localStorage.getItem('gridplay.stats'))?.fifteen?.played === 1);
  // Undone from the solved panel and solved again: the same game, not counted again.
  await page.keyboard.press('Control+z');
  await page.waitForFunction(() => !(window.gridplay.game().status() === 'won'));
  await page.locator('#game-over').waitFor({ state: 'hidden' });
  await settle(page);
  await page.keyboard.press('ArrowLeft');
  await page.waitForFunction(() => (window.gridplay.game().status() === 'won'));
  await page.locator('#game-over[open]').waitFor();
  await settle(page);
  await page.click('#game-over-close');
  const shown = await openPanel(page);
  assert.equal(shown.game, 'fifteen');
  assert.deepEqual(shown.figures, { Played: '1', Solved: '1 (100%)', Streak: '1 day' });
  assert.deepEqual(shown.boards, [['4×4', '1', '2 moves', '2 moves']]);
  assert.equal(shown.chart.label, 'Your one Fifteen 4×4 game: solved; 2 moves.');
  assert.equal((await kept(page)).fifteen.played, 1);
  await page.keyboard.press('Escape');
  await page.locator('#stats').waitFor({ state: 'hidden' });
  // The solved panel, put away with See board, stays away when Stats or Settings close.
  await page.waitForTimeout(100);
  assert.equal(await page.locator('#game-over[open]').count(), 0, 'the panel put away stays away');
  await page.click('#settings-button');
  await page.locator('#settings').waitFor({ state: 'visible' });
  await page.click('#settings-close');
  await page.locator('#settings').waitFor({ state: 'hidden' });
  await page.waitForTimeout(100);
  assert.equal(await page.locator('#game-over[open]').count(), 0, 'nor after Settings');
  // Its line's Show result brings it back, and so does a move tried on the finished board.
  await page.click('.ended-show');
  await page.locator('#game-over[open]').waitFor();
  await page.keyboard.press('Escape');
  await page.locator('#game-over').waitFor({ state: 'hidden' });
  await page.keyboard.press('ArrowLeft');
  await page.locator('#game-over[open]').waitFor();

  assert.deepEqual(errors, []);
  await context.close();
});

test('tic-tac-toe between two players: every game counts, apart from the player\'s own, though each starts alike; an undo and the same end again does not', async () => {
  const { context, page, errors } = await open('tictactoe.html');
  const play = async (cells) => {
    for (const cell of cells) {
      await page.click(`.ttt-cell[data-cell="${cell}"]`);
      await settle(page);
    }
  };
  // X takes the top row.
  await play([0, 3, 1, 4, 2]);
  await page.waitForFunction(() => JSON.parse(localStorage.getItem('gridplay.stats'))?.tictactoe?.apart.two === 1);
  await page.click('#undo');
  await settle(page);
  await play([2]);
  await page.click('#play-again');
  await settle(page);
  await play([0, 3, 1, 4, 2]);
  await page.waitForFunction(() => JSON.parse(localStorage.getItem('gridplay.stats')).tictactoe.apart.two === 2);
  const shown = await openPanel(page);
  // Between two players neither win is the player's: played, for two, with no "won" or streak.
  assert.deepEqual(shown.figures, { Played: '2', Streak: '0 days', 'For two players': '2' });
  assert.equal(shown.chart.label, 'Your last 2 games of Tic-tac-toe: all finished; marked: 2 for two players; the latest finished, for two players.');
  assert.equal((await kept(page)).tictactoe.played, 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a damaged record: garbage or wrong shapes give a working page, a short notice, and what could be read', async () => {
  // Not JSON at all: nothing to read, said once; the text set aside; the page works.
  let { context, page, errors } = await open('', { stored: { 'gridplay.stats': '{"threes": [oops' } });
  await noticeShown(page, 'corrupt-stats');
  assert.deepEqual(Object.values(await cardLines(page)), Array(5).fill('None finished yet'));
  assert.equal(await page.evaluate(() => localStorage.getItem('gridplay.stats.unreadable')), '{"threes": [oops');
  assert.equal((await openPanel(page)).none, 'No Threes game finished yet: your stats start with the first.');
  assert.deepEqual(errors, []);
  await context.close();

  // Wrong shapes here and there: each game keeps what can be read.
  const good = (outcome, value) => ({ day: '2026-11-25', outcome, kind: 'gridplay.mines.best.9x9x10', value, moves: 20, ms: value ?? 4000 });
  ({ context, page, errors } = await open('', {
    stored: {
      'gridplay.stats': JSON.stringify({
        threes: 'garbage',
        2048: { played: 3, results: 'many' },
        mines: { played: 'two', won: 1, lost: 1, drawn: 0, figure: 'time', lower: true, run: [], results: [good('won', 30000), 7, good('lost', null), { kind: 'gridplay.mines.best.9x9x10', day: 12 }] },
        tictactoe: null,
      }),
    },
  }));
  await noticeShown(page, 'corrupt-stats');
  const lines = await cardLines(page);
  assert.equal(lines.threes, 'None finished yet');
  assert.equal(lines[2048], '3 played', 'its count kept, its results not');
  assert.equal(lines.mines, '3 played · 1 won · 1-day streak', 'the results that are results; the count made up from them');
  const shown = await openPanel(page);
  assert.equal(shown.game, 'mines', 'the game played last');
  assert.equal(shown.figures.Played, '3');
  assert.equal(shown.chart.bars, 3);
  // A game whose results could not be read: its count, and no chart.
  await page.click('#stats label:has(input[value="2048"])');
  assert.deepEqual(await panel(page), { game: '2048', figures: { Played: '3', Streak: '0 days' }, boards: [], chart: null, none: null });
  // Once mended, said no more.
  await page.reload();
  await page.waitForFunction(() => document.querySelector('.game-card[data-game="mines"] .game-stats').textContent !== '');
  assert.equal(await page.locator('.notice[data-notice="corrupt-stats"]').count(), 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a browser that refuses to store: the game counts for the visit, and the page says once that nothing is kept', async () => {
  const { context, page, errors } = await open('tictactoe.html');
  await page.evaluate(() => {
    Storage.prototype.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
  });
  for (const cell of [0, 3, 1, 4, 2]) {
    await page.click(`.ttt-cell[data-cell="${cell}"]`);
    await settle(page);
  }
  await noticeShown(page, 'storage');
  const shown = await openPanel(page);
  assert.equal(shown.figures['For two players'], '1', 'counted in memory');
  assert.equal(await page.evaluate(() => localStorage.getItem('gridplay.stats')), null, 'nothing stored');
  assert.deepEqual(errors, []);
  await context.close();
});

test('storage full: a save refused in one game hides nothing of another, its kept game, best or stats', async () => {
  const { context, page: first, errors } = await open('2048.html', { stored: { 'gridplay.stats': JSON.stringify(season()), 'gridplay.2048.best': '23800' } });
  for (const key of ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown']) await first.keyboard.press(key);
  await settle(first);
  const game = (page) => page.evaluate(() => ({ save: window.gridplay.game().save(), moves: window.gridplay.game().moveCount() }));
  const kept = await game(first);
  assert.ok(kept.moves > 0);
  await first.close();
  // Another visit, which has read nothing of 2048 yet, on Threes.
  const page = await context.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${env.server.url}threes.html`);
  await page.waitForFunction(() => window.gridplay?.route() === 'threes' && window.gridplay.game());
  // Fill the site's storage until it refuses (as a player's other data would), then play.
  await page.evaluate(() => {
    for (let size = 1 << 20, i = 0; size >= 16; size >>= 1) {
      try {
        for (;;) localStorage.setItem(`filler-${(i += 1)}`, 'x'.repeat(size));
      } catch {
        // Full at this size: smaller pieces fill what is left.
      }
    }
  });
  for (const key of ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown']) await page.keyboard.press(key);
  await settle(page);
  await noticeShown(page, 'storage');
  // 2048's page, in the same tab: as kept.
  await page.goto(`${env.server.url}2048.html`);
  await page.waitForFunction(() => window.gridplay.route() === '2048' && window.gridplay.game());
  await settle(page);
  assert.deepEqual(await game(page), kept, 'the kept game, not a new deal');
  assert.equal(await page.textContent('#best'), '23800');
  const shown = await openPanel(page);
  assert.equal(shown.figures.Played, String(season()[2048].played), 'the stats as kept');
  assert.deepEqual(errors, []);
  await context.close();
});

/** A season of every game's results, made up on a fixed rule (no randomness), for the pictures. */
function season() {
  const days = (i) => `2026-11-${String(6 + Math.floor(i / 2)).padStart(2, '0')}`;
  const game = (figure, lower, results) => ({
    played: results.length + 7, won: results.filter((r) => r.outcome === 'won').length, lost: results.filter((r) => r.outcome === 'lost').length,
    drawn: results.filter((r) => r.outcome === 'drawn').length, figure, lower, run: { day: '2026-11-25', days: 6, longest: 9 }, results,
  });
  const each = (n, make) => Array.from({ length: n }, (_, i) => ({ day: days(i), moves: 50 + i, ms: null, ...make(i) }));
  return {
    threes: game('score', false, each(30, (i) => ({ outcome: '', kind: 'gridplay.threes.best', value: 300 + ((i * 7919) % 4500) }))),
    2048: game('score', false, each(24, (i) => ({ outcome: i % 5 === 3 ? 'won' : 'lost', kind: 'gridplay.2048.best', value: 2000 + ((i * 3301) % 22000) }))),
    fifteen: game('moves', true, each(18, (i) => ({ outcome: 'won', kind: `gridplay.fifteen.best.${[3, 4, 4, 5][i % 4]}`, value: [24, 70, 90, 300][i % 4] + (i % 7) * 3, ms: 60000 + i * 1000 }))),
    tictactoe: game('', false, each(16, (i) => ({ outcome: ['won', 'drawn', 'drawn', 'lost', ''][i % 5], kind: '', value: null }))),
    mines: game('time', true, each(22, (i) => ({ outcome: i % 4 === 1 ? 'lost' : 'won', kind: `gridplay.mines.best.${i < 12 ? '9x9x10' : '16x16x40'}`, value: i % 4 === 1 ? null : 15000 + ((i * 7717) % 90000), ms: 20000 }))),
  };
}

test('screenshots of home and the panel, phone and desktop, light and dark: legible, nothing cut off; axe finds nothing in the open panel', async () => {
  mkdirSync(screens, { recursive: true });
  const stored = {
    'gridplay.stats': JSON.stringify(season()), 'gridplay.threes.best': '4790', 'gridplay.2048.best': '23800',
    'gridplay.fifteen.best.4': '70', 'gridplay.mines.best.9x9x10': '15000', 'gridplay.tictactoe.played': '23',
  };
  for (const [device, options] of [['phone', phone], ['desktop', desktop]]) {
    const { context, page, errors } = await open('', { stored, options });
    await page.waitForFunction(() => document.querySelector('.game-card[data-game="threes"] .game-stats').textContent !== '');
    await inLightAndDark(page, async (colorScheme) => {
      await page.screenshot({ path: `${screens}stats-home-${device}-${colorScheme}.png`, fullPage: true });
    });
    await page.evaluate(axeSource);
    for (const [i, { route: game }] of readGames().entries()) {
      if (i === 0) await openPanel(page);
      else await page.click(`#stats label:has(input[value="${game}"])`);
      // inLightAndDark lets the dialog's opening animation end (on its own frames, however late
      // they come).
      await inLightAndDark(page, async (colorScheme) => {
        await page.screenshot({ path: `${screens}stats-${game}-${device}-${colorScheme}.png` });
        const cut = await page.evaluate(() => {
          const dialog = document.getElementById('stats').getBoundingClientRect();
          return [...document.querySelectorAll('#stats *')].filter((el) => el.getClientRects().length > 0 && !el.closest('svg, .visually-hidden'))
            .filter((el) => {
              const r = el.getBoundingClientRect();
              return r.left < dialog.left - 0.5 || r.right > dialog.right + 0.5 || el.scrollWidth > el.clientWidth + 1;
            }).map((el) => el.className || el.tagName);
        });
        assert.deepEqual(cut, [], `${game} on ${device}, ${colorScheme}: nothing wider than the panel`);
        const violations = await page.evaluate(async () => (await window.axe.run(document.getElementById('stats'))).violations
          .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`));
        assert.deepEqual(violations, [], `${game} on ${device}, ${colorScheme}`);
      });
    }
    // The chart says in words what it draws (tic-tac-toe's season).
    await page.click('#stats label:has(input[value="tictactoe"])');
    await page.waitForFunction(() => /Tic-tac-toe/.test(document.querySelector('#stats svg.stats-chart')?.getAttribute('aria-label')));
    const words = await page.getAttribute('#stats svg.stats-chart', 'aria-label');
    assert.match(words, /^Your last 16 games of Tic-tac-toe: 4 won, 3 lost, 6 drawn, 3 finished; the latest won\.$/);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('the chart: every result stands as a bar a player can see, even beside one far larger', async () => {
  const { context, page, errors } = await open('threes.html', {
    stored: {
      'gridplay.stats': JSON.stringify({
        threes: { played: 3, won: 0, lost: 0, drawn: 0, figure: 'score', lower: false, run: { day: '2026-11-25', days: 1, longest: 1 }, results: [result('2026-11-25', 60), result('2026-11-25', 120000), result('2026-11-25', 300)] },
      }),
    },
  });
  await openPanel(page);
  const heights = await page.$$eval('#stats svg.stats-chart rect', (bars) => bars.map((bar) => bar.getBoundingClientRect().height));
  const chart = await page.$eval('#stats svg.stats-chart', (svg) => svg.getBoundingClientRect().height);
  assert.equal(heights.length, 3);
  // The smallest a tenth of the chart at least, and still in the order of their scores.
  assert.ok(Math.min(...heights) >= chart / 10, JSON.stringify({ heights, chart }));
  assert.ok(heights[0] < heights[2] && heights[2] < heights[1], JSON.stringify(heights));
  assert.deepEqual(errors, []);
  await context.close();
});

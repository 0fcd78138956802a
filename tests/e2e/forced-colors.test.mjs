// Forced colours (Windows' contrast themes, as Chromium emulates them): the system takes the
// page's backgrounds, shadows and colours away, and every control and state must still show,
// by a border or the system's own colours (the page's in css/forced-colors.css, which only such
// a system loads, and each game's pieces in its own css/<route>.css). Read from the computed
// styles, the states compared with each other.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { desktop, newPage, settle, useBrowser } from './harness.mjs';

const env = useBrowser();

async function open(hash, forcedColors = 'active') {
  const opened = await newPage(env.browser, desktop);
  await opened.page.emulateMedia({ forcedColors });
  await opened.page.goto(`${env.server.url}${hash}`);
  await opened.page.waitForFunction(() => window.gridplay?.game());
  await settle(opened.page);
  return opened;
}

/** The computed border (width, style, colour) and background of the first element `selector` finds. */
const look = (page, selector) => page.$eval(selector, (element) => {
  const style = getComputedStyle(element);
  return { width: parseFloat(style.borderTopWidth), style: style.borderTopStyle, colour: style.borderTopColor, background: style.backgroundColor };
});

test('Minesweeper: an unopened square, an opened one and the picker\'s choice each show, and differ', async () => {
  const { context, page, errors } = await open('mines.html#9x9x10/seed=7');
  await page.waitForFunction(() => document.querySelector('link[href*="forced-colors"]')?.sheet);
  await page.click('.mines-cell[data-cell="40"]');
  await settle(page);
  const hidden = await look(page, '.mines-cell[data-code="9"]');
  const opened = await look(page, '.mines-cell[data-code="0"], .mines-cell[data-code="1"]');
  const page_ = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  assert.ok(hidden.width >= 2 && hidden.style === 'solid', `an unopened square has an outline: ${JSON.stringify(hidden)}`);
  assert.notDeepEqual([hidden.style, hidden.width, hidden.background], [opened.style, opened.width, opened.background], 'opened and unopened differ');
  assert.notEqual(hidden.colour, page_, 'an unopened square\'s edge shows on the page');
  const chosen = await look(page, '#preset-picker label:has(:checked)');
  const other = await look(page, '#preset-picker label:not(:has(:checked))');
  assert.notEqual(chosen.background, other.background, 'the board picked shows');
  const button = await look(page, '#new-game');
  assert.ok(button.width >= 1 && button.style === 'solid', 'a button keeps its outline');
  // The dialogs keep their edge.
  await page.click('#settings-button');
  const dialog = await look(page, '#settings');
  assert.ok(dialog.width >= 2 && dialog.style === 'solid');
  assert.deepEqual(errors, []);
  await context.close();
});

test('tic-tac-toe\'s squares, Fifteen\'s tiles (and the ones in place) and 2048\'s hint keep their outlines and marks', async () => {
  const { context, page, errors } = await open('tictactoe.html');
  await page.waitForFunction(() => document.querySelector('link[href*="forced-colors"]')?.sheet);
  const square = await look(page, '.ttt-cell');
  assert.ok(square.width >= 2 && square.style === 'solid');
  // Fifteen: a tile, and (where the deal has any) the tiles already in place, which differ.
  await page.goto(`${env.server.url}fifteen.html#size=3/seed=2024`);
  await page.waitForFunction(() => window.gridplay?.route() === 'fifteen' && window.gridplay.game());
  await settle(page);
  const tile = await look(page, '.fifteen-tile:not(.at-home)');
  assert.ok(tile.width >= 2 && tile.style === 'solid', 'a tile keeps its outline');
  if (await page.locator('.fifteen-tile.at-home').count()) {
    const home = await look(page, '.fifteen-tile.at-home');
    assert.notDeepEqual([home.style, home.width], [tile.style, tile.width], 'a tile in place says so without colour');
  }
  // 2048's hint: its badge in the system's highlight, not the page's colour.
  await page.goto(`${env.server.url}2048.html`);
  await page.waitForFunction(() => window.gridplay?.route() === '2048' && window.gridplay.helpersReady());
  await page.keyboard.press('i');
  await page.locator('#hint-arrow:not([hidden])').waitFor({ timeout: 60_000 });
  const badge = await look(page, '.hint-badge');
  const canvas = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  assert.notEqual(badge.background, canvas, 'the hint shows');
  const tiles = await look(page, '.tile-inner');
  assert.ok(tiles.width >= 2, 'a tile keeps its outline');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the hint\'s ring (Fifteen, Minesweeper) and a wrong flag\'s cross show', async () => {
  const { context, page, errors } = await open('fifteen.html#size=3/seed=2024');
  await page.waitForFunction(() => document.querySelector('link[href*="forced-colors"]')?.sheet);
  /** The outline of the first element `selector` finds (a shadow is taken away: an outline is not). */
  const outline = (selector) => page.$eval(selector, (element) => {
    const style = getComputedStyle(element);
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
  });
  await page.waitForFunction(() => window.gridplay.helpersReady());
  await page.keyboard.press('i');
  await page.locator('.fifteen-tile.hint').waitFor({ timeout: 60_000 });
  const tile = await outline('.fifteen-tile.hint');
  assert.ok(tile.style === 'solid' && tile.width >= 2, `Fifteen's hinted tile is ringed: ${JSON.stringify(tile)}`);
  await page.goto(`${env.server.url}mines.html#9x9x10/seed=7`);
  await page.waitForFunction(() => window.gridplay?.route() === 'mines' && window.gridplay.helpersReady());
  await page.click('.mines-cell[data-cell="40"]');
  await settle(page);
  await page.keyboard.press('i');
  await page.locator('.mines-cell.hint').waitFor({ timeout: 60_000 });
  const square = await outline('.mines-cell.hint');
  assert.ok(square.style === 'solid' && square.width >= 2, `Minesweeper's hinted square is ringed: ${JSON.stringify(square)}`);
  // A flag on a square that is no mine, then a mine dug: the flag is crossed out.
  const { safe, mine } = await page.evaluate(() => {
    const game = window.gridplay.game();
    const found = { safe: -1, mine: -1 };
    [...game.cells()].forEach((code, c) => {
      if (code !== 9) return;
      const copy = game.constructor.load(game.save());
      const dig = copy.onSquare('dig', c);
      if (dig.ok && copy.play(dig.move).ok) found[copy.status() === 'lost' ? 'mine' : 'safe'] = c;
      copy.free();
    });
    return found;
  });
  await page.click(`.mines-cell[data-cell="${safe}"]`, { button: 'right' });
  await settle(page);
  await page.click(`.mines-cell[data-cell="${mine}"]`);
  await settle(page);
  const cross = await page.$eval('.mines-cell[data-code="13"]', (element) => getComputedStyle(element, '::after').backgroundImage);
  assert.match(cross, /linear-gradient/, 'the wrong flag\'s cross');
  assert.deepEqual(errors, []);
  await context.close();
});

test('without forced colours the page never loads their rules', async () => {
  const { context, page, errors } = await open('mines.html', 'none');
  await page.waitForTimeout(300);
  assert.equal(await page.locator('link[href*="forced-colors"]').count(), 0);
  assert.deepEqual(errors, []);
  await context.close();
});

// One voice for the page and the terminal: input the rules refuse is said in the engine's own
// words (its reason, as a sentence, as the terminal says it), whichever game and input it was.
// The page words no refusal itself: each expected sentence here is read from a copy of the
// page's engine, never written in the test.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { desktop, openPage, phone, settle, useBrowser } from './harness.mjs';

const env = useBrowser();

const said = (page) => page.evaluate(() => document.getElementById('announcer').textContent.trim());

/** The engine's reason for `input` on a copy of the game in play, as the terminal says it. */
function engineSays(page, input) {
  return page.evaluate((input) => {
    const game = window.gridplay.game();
    const copy = game.constructor.load(game.save());
    const found = 'toward' in input ? copy.toward(input.toward) : copy.onSquare(input.act, input.cell);
    const reason = found.ok ? copy.play(found.move).reason : found.reason;
    copy.free();
    if (!reason) return null;
    const text = reason[0].toUpperCase() + reason.slice(1);
    return /[.!?]$/.test(text) ? text : `${text}.`;
  }, input);
}

async function open(browser, hash, options = desktop) {
  const opened = await openPage(browser, `${env.server.url}#home`, options);
  await opened.page.evaluate(() => localStorage.clear());
  await opened.page.goto(`${env.server.url}${hash}`);
  await opened.page.waitForFunction(() => window.gridplay?.game());
  await settle(opened.page);
  return opened;
}

test('2048: a direction that moves nothing is said in the engine\'s words, and the board does not change', async () => {
  // A deal where one direction moves nothing at the start (the engine's moves() lists the others).
  const { context, page, errors } = await open(env.browser, '#2048/seed=1');
  let blocked = null;
  for (let seed = 1; !blocked; seed += 1) {
    await page.goto(`${env.server.url}#2048/seed=${seed}`);
    await page.waitForFunction((s) => window.gridplay?.game()?.link() === `seed=${s}`, seed);
    blocked = await page.evaluate(() => ['up', 'down', 'left', 'right'].find((d) => !window.gridplay.game().moves().includes(d)) ?? null);
  }
  const expected = await engineSays(page, { toward: blocked });
  assert.match(expected, /^Nothing can move /);
  const before = await page.evaluate(() => window.gridplay.game().save());
  await page.keyboard.press({ up: 'ArrowUp', down: 'ArrowDown', left: 'ArrowLeft', right: 'ArrowRight' }[blocked]);
  await settle(page);
  assert.equal(await said(page), expected);
  assert.equal(await page.evaluate(() => window.gridplay.game().save()), before);
  assert.equal(await page.getAttribute('#board', 'data-nudge'), blocked, 'the board nudges that way');
  assert.deepEqual(errors, []);
  await context.close();
});

test('Minesweeper: a click that digs a flagged square is refused in the engine\'s words, naming the square', async () => {
  const { context, page, errors } = await open(env.browser, '#mines/9x9x10/seed=5');
  const square = (cell) => page.locator(`.mines-cell[data-cell="${cell}"]`);
  // The first dig places the mines; then a right click flags a square still covered.
  await square(40).click();
  await settle(page);
  const covered = await page.evaluate(() => window.gridplay.game().cells().findIndex((code) => code === 9));
  assert.ok(covered >= 0, 'a square is still covered');
  await square(covered).click({ button: 'right' });
  await settle(page);
  const before = await page.evaluate(() => window.gridplay.game().save());
  const expected = await engineSays(page, { act: 'dig', cell: covered });
  assert.match(expected, /^Row \d+, column \d+ has a flag on it/);
  await square(covered).click();
  await settle(page);
  assert.equal(await said(page), expected);
  assert.equal(await page.evaluate(() => window.gridplay.game().save()), before, 'nothing dug');
  assert.deepEqual(errors, []);
  await context.close();
});

test('tic-tac-toe: a tap on a marked square is said in the engine\'s words, and it shakes', async () => {
  const { context, page, errors } = await open(env.browser, '#tictactoe', phone);
  // Two players on one device (the default), so no computer answers in between.
  assert.equal(await page.isChecked('#opponent-picker input[value="two"]'), true);
  await page.locator('.ttt-cell[data-cell="4"]').tap();
  await settle(page);
  const expected = await engineSays(page, { act: 'mark', cell: 4 });
  await page.locator('.ttt-cell[data-cell="4"]').tap();
  await settle(page);
  assert.equal(await said(page), expected);
  assert.match(expected, /^Row 2, column 2 already holds an X\.$/);
  assert.deepEqual(errors, []);
  await context.close();
});

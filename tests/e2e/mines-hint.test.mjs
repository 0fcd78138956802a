// Minesweeper's Hint: a square the engine proves safe, through the shared helpers as the other
// games' hints are (button or I), ringed on the board and said; followed, the hints clear a
// no-guess board, and the game is counted with help. Where the numbers leave a guess, the hint
// says so instead of pointing anywhere.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { desktop, openPage, phone, settle, useBrowser } from './harness.mjs';

const env = useBrowser();

async function open(options, hash) {
  const opened = await openPage(env.browser, `${env.server.url}`, options);
  await opened.page.evaluate(() => localStorage.clear());
  await opened.page.goto(`${env.server.url}${hash}`);
  await opened.page.waitForFunction(() => window.gridplay?.route() === 'mines' && window.gridplay.game() && location.pathname.endsWith('/mines.html') && location.hash === '');
  await settle(opened.page);
  return opened;
}

/** Asks for a hint (`ask`: a tap, a click or the key) and waits for its ringed square's index. */
async function hinted(page, ask) {
  const before = await page.textContent('#announcer');
  await ask();
  await page.waitForFunction((was) => document.querySelector('.mines-cell.hint') && document.querySelector('#announcer').textContent !== was, before);
  return Number(await page.getAttribute('.mines-cell.hint', 'data-cell'));
}

test('phone: Hint rings a safe square and says it; tapping each hinted square clears the board, counted with help', async () => {
  const { context, page, errors } = await open(phone, 'mines.html#9x9x10/seed=4');
  const box = await page.locator('#hint').boundingBox();
  assert.ok(box && box.x >= 0 && box.x + box.width <= 390, 'Hint on screen beside Dig');
  const first = await hinted(page, () => page.tap('#hint'));
  assert.equal(first, 40, 'before the first dig, the middle square');
  assert.match(await page.textContent('#announcer'), /^Hint: dig row 5, column 5: it is safe\.$/);
  let taps = 0;
  let cell = first;
  while (await page.evaluate(() => window.gridplay.game().status()) === 'playing') {
    await page.tap(`.mines-cell[data-cell="${cell}"]`);
    await settle(page);
    assert.equal(await page.locator('.mines-cell.hint').count(), 0, 'the ring goes with the move');
    taps += 1;
    assert.ok(taps < 81, 'the hints end');
    if (await page.evaluate(() => window.gridplay.game().status()) !== 'playing') break;
    cell = await hinted(page, () => page.tap('#hint'));
    assert.equal(await page.getAttribute(`.mines-cell[data-cell="${cell}"]`, 'data-code'), '9', 'a hidden square');
  }
  assert.equal(await page.evaluate(() => window.gridplay.game().status()), 'won');
  await page.locator('#game-over').waitFor({ state: 'visible' });
  assert.match(await page.textContent('#game-over-standing'), /^With help \(\d+ hints?\)/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('desktop: I asks for the hint; where the numbers leave a guess, the hint says so where it is seen, and rings nothing', async () => {
  // A dense board dealt without the no-guess promise: after the first dig, nothing is certain.
  const { context, page, errors } = await open(desktop, 'mines.html#9x9x30/no-guess=0/seed=13');
  await page.locator('.mines-cell[tabindex="0"]').focus();
  const first = await hinted(page, () => page.keyboard.press('i'));
  assert.equal(first, 40);
  // The cursor is on the hinted square: Enter digs it.
  assert.equal(await page.evaluate(() => document.activeElement.dataset.cell), '40');
  await page.keyboard.press('Enter');
  await settle(page);
  assert.notEqual(await page.getAttribute('.mines-cell[data-cell="40"]', 'data-code'), '9', 'dug');
  await page.keyboard.press('i');
  await page.waitForFunction(() => [...document.querySelectorAll('.notice')].some((n) => n.textContent.startsWith('No hint: no square is certainly safe')));
  assert.match(await page.textContent('#announcer'), /^No hint: no square is certainly safe: the numbers leave a guess here\.$/);
  assert.equal(await page.locator('.mines-cell.hint').count(), 0);
  assert.equal(await page.evaluate(() => window.gridplay.game().status()), 'playing');
  assert.deepEqual(errors, []);
  await context.close();
});

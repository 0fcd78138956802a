// A player who cannot see the screen plays each game to its end from the home page, with the
// keyboard and the live region alone: the game is reached by Tab, played by its keys, the board
// asked about in words where the player needs to know it (Ask the board), and the end is heard.
// Nothing here reads the game from the page's code: only the keys go in, and only what a screen
// reader has (the live region, the focused control's name, the dialogs) comes out.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { desktop, newPage, useBrowser } from './harness.mjs';

const env = useBrowser();

const said = (page) => page.locator('#announcer').textContent();
/** The focused control's name, as a screen reader says it (its accessibility tree's). */
async function focusName(page) {
  const focused = page.locator(':focus');
  if (await focused.count() === 0) return '';
  // (A name with ": " in it comes quoted as a whole: - 'button "Row 1, column 1: empty"'.)
  return (await focused.ariaSnapshot()).match(/^- '?\w+ "((?:[^"\\]|\\.)*)"/)?.[1] ?? '';
}

/** From the home page, Tab to the game's card and open it with Enter. */
async function openFromHome(page, title) {
  await page.goto(`${env.server.url}`);
  await page.locator('#announcer').waitFor({ state: 'attached' });
  for (let i = 0; i < 40; i += 1) {
    await page.keyboard.press('Tab');
    if ((await focusName(page)).startsWith(title)) {
      await page.keyboard.press('Enter');
      // The route says its game: the page title and the live region.
      await page.waitForFunction((t) => document.title.startsWith(t), title);
      return;
    }
  }
  throw new Error(`no card for ${title} reached by Tab`);
}

/** Presses `keys` over and over until the live region says `end` (a RegExp); the number of
 * rounds it took. */
async function playUntil(page, keys, end, rounds = 3000) {
  for (let round = 0; round < rounds; round += 1) {
    for (const key of keys) await page.keyboard.press(key);
    if (end.test(await said(page))) return round;
  }
  throw new Error(`${end} never said; last: ${await said(page)}`);
}

/** Asks the board `question` (/ opens the question, Enter asks, Esc goes back): the answer said. */
async function ask(page, question) {
  // (Ask the board comes a moment after the board; a player reaching for it that soon waits.)
  await page.waitForSelector('details.ask', { state: 'attached' });
  const before = await said(page);
  await page.keyboard.press('/');
  await page.keyboard.type(question);
  await page.keyboard.press('Enter');
  // The answer is said (a change of the live region: the same words again end in a no-break
  // space) and shown under the field.
  await page.waitForFunction((was) => {
    const now = document.getElementById('announcer').textContent;
    return now !== was && now.replace(/\u00a0$/, '') === document.querySelector('.ask-answer')?.textContent;
  }, before);
  const answer = await said(page);
  await page.keyboard.press('Escape');
  return answer.trim();
}

/** Presses `key` for a move and waits until it is said. */
async function move(page, key) {
  const before = await said(page);
  await page.keyboard.press(key);
  await page.waitForFunction((was) => document.getElementById('announcer').textContent !== was, before);
}

for (const [title, directions] of [['Threes', /No more moves\. Final score \d+\./], ['2048', /Game over\. Final score \d+\.|You made 2048!/]]) {
  test(`${title}, blind: reached by Tab, played by the arrows to its end, which is heard`, async () => {
    const { context, page, errors } = await newPage(env.browser, desktop);
    await openFromHome(page, title);
    await playUntil(page, ['ArrowLeft', 'ArrowDown', 'ArrowRight', 'ArrowUp'], directions);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('Fifteen, blind: a 3×3 chosen on the size picker by keys, solved by the solver\'s key, the solve heard', async () => {
  const { context, page, errors } = await newPage(env.browser, desktop);
  await openFromHome(page, 'Fifteen');
  // Tab to the size picker (its choice, 4×4), then an arrow moves to 3×3 and Enter picks it.
  for (let i = 0; i < 20 && !/×/.test(await focusName(page)); i += 1) await page.keyboard.press('Tab');
  while (await focusName(page) !== '3×3') await page.keyboard.press('ArrowLeft');
  await move(page, 'Enter');
  assert.match(await ask(page, 'status'), /^Moves 0\./);
  assert.match(await ask(page, 'row 3'), /^Row 3: /);
  await page.keyboard.press('p');
  await page.waitForFunction(() => /Solved/.test(document.getElementById('announcer').textContent), null, { timeout: 60_000 });
  assert.deepEqual(errors, []);
  await context.close();
});

test('tic-tac-toe, blind: two players mark by the cursor\'s keys, and the win is heard', async () => {
  const { context, page, errors } = await newPage(env.browser, desktop);
  await openFromHome(page, 'Tic-tac-toe');
  // Tab to the board: its square with the cursor.
  for (let i = 0; i < 20 && !/^Row \d, column \d/.test(await focusName(page)); i += 1) await page.keyboard.press('Tab');
  assert.match(await focusName(page), /^Row 1, column 1: empty/);
  // X 1 1, O 2 1, X 1 2, O 2 2, X 1 3.
  for (const keys of [[], ['ArrowDown'], ['ArrowUp', 'ArrowRight'], ['ArrowDown'], ['ArrowUp', 'ArrowRight']]) {
    for (const key of keys) await page.keyboard.press(key);
    await page.keyboard.press('Enter');
  }
  await page.waitForFunction(() => /X wins: row 1\./.test(document.getElementById('announcer').textContent));
  assert.match(await page.locator('#turn-line').textContent(), /X wins/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('Minesweeper, blind: digs by the cursor where the board says a square is hidden, until the game ends, which is heard', async () => {
  const { context, page, errors } = await newPage(env.browser, desktop);
  await openFromHome(page, 'Minesweeper');
  for (let i = 0; i < 30 && !/^Row \d+, column \d+: /.test(await focusName(page)); i += 1) await page.keyboard.press('Tab');
  const at = async () => (await focusName(page)).match(/^Row (\d+), column (\d+)/).slice(1).map(Number);
  // The first dig, where the cursor is: always safe.
  await move(page, 'Enter');
  const end = /Cleared|A mine went off|Boom/;
  for (let dig = 0; dig < 81 && !end.test(await said(page)); dig += 1) {
    const answer = await ask(page, 'where hidden');
    const [, row, column] = answer.match(/row (\d+), column (\d+)/).map(Number);
    const [nowRow, nowColumn] = await at();
    for (let r = nowRow; r < row; r += 1) await page.keyboard.press('ArrowDown');
    for (let r = nowRow; r > row; r -= 1) await page.keyboard.press('ArrowUp');
    for (let c = nowColumn; c < column; c += 1) await page.keyboard.press('ArrowRight');
    for (let c = nowColumn; c > column; c -= 1) await page.keyboard.press('ArrowLeft');
    assert.match(await focusName(page), new RegExp(`^Row ${row}, column ${column}: hidden`));
    await move(page, 'Enter');
  }
  assert.match(await said(page), end);
  assert.deepEqual(errors, []);
  await context.close();
});

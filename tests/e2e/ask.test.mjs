// Ask the board (features/ask.js): a player who cannot see the board asks about it with the
// keyboard, in every game, and hears the engine's answer through the live region: the board, a
// row, a square, where something is, the last move again, where the game stands. The panel is
// out of sight until a key reaches it, so the board keeps its room.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { perGame, readGames } from '../../scripts/games.mjs';
import { desktop, inLightAndDark, openDeal, openPage, phone, phoneLandscape, useBrowser } from './harness.mjs';

const env = useBrowser();

const said = (page) => page.evaluate(() => document.getElementById('announcer').textContent.trim());

/** Opens the panel with / from the board, asks `question` by typing it and Enter, and
 * resolves with what the live region and the answer under the field then say. */
async function ask(page, question) {
  if (!(await page.evaluate(() => document.activeElement?.classList.contains('ask-field')))) {
    await page.keyboard.press('/');
  }
  await page.waitForFunction(() => document.activeElement?.classList.contains('ask-field'));
  await page.evaluate(() => {
    document.querySelector('.ask-answer').textContent = '';
  });
  await page.keyboard.type(question);
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('.ask-answer').textContent !== '');
  const answer = await page.textContent('.ask-answer');
  assert.equal(await said(page), answer, 'the answer is said as it is shown');
  return answer;
}

const placeName = (cell, width) => `row ${Math.floor(cell / width) + 1}, column ${(cell % width) + 1}`;

test('Fifteen: / opens the question at once; where the gap and a tile are, and the keys typed move nothing', async () => {
  const { context, page, errors } = await openDeal(env.browser, `${env.server.url}fifteen.html`, desktop, 'fifteen', 7);
  await page.waitForSelector('details.ask', { state: 'attached' });
  const cells = await page.evaluate(() => window.gridplay.game().cells());
  const width = Math.sqrt(cells.length);
  assert.equal(await ask(page, 'where gap'), `gap at ${placeName(cells.indexOf(0), width)}.`);
  // The keys of the game (WASD, U, the arrows) are the question's while it is typed.
  assert.match(await ask(page, 'w 5'), new RegExp(`^5 at ${placeName(cells.indexOf(5), width)}\\.$`));
  await page.keyboard.press('ArrowLeft');
  assert.equal(await page.evaluate(() => window.gridplay.game().moveCount()), 0);
  // The questions there are, in the engine's words, under the field.
  assert.match(await page.textContent('.ask-questions'), /^Ask: board; row 2; column 3;/);
  // Esc goes back to the board, and the arrows play again.
  await page.keyboard.press('Escape');
  assert.ok(await page.evaluate(() => Boolean(document.activeElement.closest('#board'))), 'back on the board');
  const moved = await page.evaluate(() => {
    const game = window.gridplay.game();
    return ['up', 'down', 'left', 'right'].find((d) => game.toward(d).ok);
  });
  await page.keyboard.press(`Arrow${moved[0].toUpperCase()}${moved.slice(1)}`);
  await page.waitForFunction(() => window.gridplay.game().moveCount() === 1);
  await page.evaluate(() => window.gridplay.idle());
  const told = await said(page);
  // The last move again, as it was said when made (without where the game then stood).
  const last = await ask(page, 'last');
  assert.ok(last.startsWith('Last move: '), last);
  assert.ok(told.startsWith(last.slice('Last move: '.length)), `${told} / ${last}`);
  assert.match(await ask(page, 'status'), /^Moves 1\. Time 0:0\d\.$/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('every game answers for its board: rows in its own words, a square, the questions for one not known', async () => {
  const words = {
    threes: /^Row 1: (empty|\d+|\d+ empty)(, (empty|\d+))*\./,
    2048: /^Row 1: (empty|\d+|4 empty)(, (empty|\d+))*\./,
    fifteen: /^Row 1: (gap|\d+)(, (gap|\d+))*\./,
    tictactoe: /^Row 1: empty, empty, empty\. Row 2: empty, empty, empty\. Row 3: empty, empty, empty\.$/,
    mines: /^Row 1: 9 hidden\. Row 2: 9 hidden\./,
  };
  for (const [route, board] of perGame(words, readGames(), 'each game\'s rows')) {
    const { context, page, errors } = await openPage(env.browser, `${env.server.url}${route}.html`, desktop);
    await page.waitForSelector('details.ask', { state: 'attached' });
    if (route === 'tictactoe') {
      // The computer may have played first: a fresh game where the player starts.
      await page.evaluate(() => window.gridplay.idle());
    }
    const game = await page.evaluate(() => ({ cells: window.gridplay.game().cells(), width: window.gridplay.game().width() }));
    if (route !== 'tictactoe' || game.cells.every((c) => c === 0)) assert.match(await ask(page, 'board'), board, route);
    const square = await ask(page, '1 1');
    const first = await page.evaluate(() => window.gridplay.game().squareWords()[0]);
    assert.equal(square, `Row 1, column 1: ${first}.`, route);
    assert.match(await ask(page, 'dance'), /^No question “dance”\. Ask: board;/, route);
    assert.deepEqual(errors, [], route);
    await context.close();
  }
});

test('Minesweeper on a phone: out of sight until Tab reaches it, the board keeps its room; around a square after a dig', async () => {
  for (const options of [phone, phoneLandscape]) {
    const { context, page, errors } = await openPage(env.browser, `${env.server.url}mines.html`, options);
    await page.waitForSelector('details.ask', { state: 'attached' });
    const before = await page.locator('#board').boundingBox();
    const summary = page.locator('details.ask > summary');
    const hidden = await page.locator('details.ask').boundingBox();
    assert.ok(hidden.width <= 1 && hidden.height <= 1, `hidden until reached: ${JSON.stringify(hidden)}`);
    // Reached by Tab from the last control before it, it shows.
    await summary.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    const shown = await summary.boundingBox();
    assert.ok(shown.width > 40 && shown.height > 10, `shown with focus: ${JSON.stringify(shown)}`);
    await page.keyboard.press('Enter');
    assert.equal(await page.evaluate(() => document.querySelector('details.ask').open), true);
    // The first dig, by keys: back to the cursor's square (the last control before the panel).
    await page.keyboard.press('Shift+Tab');
    assert.equal(await page.evaluate(() => document.activeElement.classList.contains('mines-cell')), true);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => window.gridplay.game().moveCount() === 1);
    await page.evaluate(() => window.gridplay.idle());
    const around = await ask(page, 'around 1 1');
    assert.match(around, /^Around row 1, column 1: row 1, column 2: [^;]+; row 2, column 1: [^;]+; row 2, column 2: [^;]+\.$/);
    assert.match(await ask(page, 'status'), /^Mines left 10\. Time 0:0\d\.$/);
    // Upright, the board is still on screen, whole, above the open panel; sideways, the panel
    // is in the column beside it, which scrolls, and the board keeps its size.
    const board = await page.evaluate(() => {
      const rect = document.getElementById('board').getBoundingClientRect();
      return { top: rect.top, bottom: rect.bottom, height: rect.height };
    });
    const at = `${options.viewport.width}×${options.viewport.height}`;
    if (options === phone) assert.ok(board.top >= 0 && board.bottom <= options.viewport.height + 1 && board.height > 200, `the board keeps its room (${at})`);
    else assert.ok(board.height > before.height - 2, `the board keeps its size (${at}): ${before.height} → ${board.height}`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('with letter keys off, / is not taken from the page, and the panel is still reached by Tab', async () => {
  const { context, page, errors } = await openPage(env.browser, `${env.server.url}2048.html`, desktop);
  await page.waitForSelector('details.ask', { state: 'attached' });
  await page.click('#settings-button');
  await page.locator('#letter-keys').uncheck();
  await page.click('#settings-close');
  await page.locator('#board').focus();
  await page.keyboard.press('/');
  assert.equal(await page.evaluate(() => document.querySelector('details.ask').open), false);
  await page.locator('details.ask > summary').focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.classList.contains('ask-field')), true);
  assert.match(await ask(page, 'row 1'), /^Row 1: /);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the panel lists each game\'s keys, from what its engine takes', async () => {
  const expected = {
    threes: /^Keys: the arrows \(or W A S D, H J K L\) play; moves are final; I shows a hint; P plays on by itself; \/ asks the board/,
    2048: /^Keys: the arrows \(or W A S D, H J K L\) play; U or Ctrl\+Z undoes, R or Ctrl\+Y redoes; I shows a hint; P plays on by itself;/,
    fifteen: /^Keys: the arrows \(or W A S D, H J K L\) play; Enter on a tile slides it; U or Ctrl\+Z undoes, R or Ctrl\+Y redoes; I shows a hint; P solves;/,
    mines: /^Keys: the arrows \(or W A S D, H J K L\) move the cursor, Home and End to a row's ends, Page Up and Page Down to a column's, Ctrl\+Home and Ctrl\+End to the board's; Enter digs; Space flags, F swaps the two; moves are final;/,
    tictactoe: /^Keys: the arrows \(or W A S D, H J K L\) move the cursor, Home and End to a row's ends, Page Up and Page Down to a column's, Ctrl\+Home and Ctrl\+End to the board's; Enter marks; U or Ctrl\+Z undoes, R or Ctrl\+Y redoes; \/ asks/,
  };
  for (const [route, keys] of perGame(expected, readGames(), 'each game\'s keys')) {
    const { context, page, errors } = await openPage(env.browser, `${env.server.url}${route}.html`, desktop);
    await page.waitForSelector('details.ask', { state: 'attached' });
    await page.keyboard.press('/');
    await page.waitForFunction(() => document.activeElement?.classList.contains('ask-field'));
    assert.match(await page.locator('.ask-keys').textContent(), keys, route);
    // Behind their own disclosure, reached by Tab past the field and its button.
    assert.equal(await page.locator('.ask-keys').isVisible(), false, route);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement.textContent), 'What to ask, and the keys', route);
    await page.keyboard.press('Enter');
    assert.ok(await page.locator('.ask-keys').isVisible(), route);
    assert.deepEqual(errors, [], route);
    await context.close();
  }
});

test('Minesweeper paused: the board hidden is not read out; after Play on it answers again', async () => {
  const { context, page, errors } = await openPage(env.browser, `${env.server.url}mines.html#9x9x10/seed=4`, desktop);
  await page.waitForSelector('details.ask', { state: 'attached' });
  await page.click('#board [data-cell="40"]');
  await page.waitForFunction(() => window.gridplay.game().clockRuns());
  await page.locator('#pause').waitFor({ state: 'visible' });
  const row = await ask(page, 'row 5');
  await page.keyboard.press('Escape');
  await page.click('#pause');
  await page.waitForFunction(() => window.gridplay.game() && getComputedStyle(document.getElementById('board')).visibility !== 'visible');
  assert.equal(await ask(page, 'row 5'), 'The game is paused, its board hidden: play on to ask about it.');
  await page.keyboard.press('Escape');
  await page.click('#play-on');
  assert.equal(await ask(page, 'row 5'), row, 'the row read once the board shows again');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a move typed into Ask the board is played in every game and said as any move; the legal moves and the log answer in the same words', async () => {
  // How each game is dealt, and the legal moves' first words.
  const games = {
    threes: { address: 'seed=7', legal: /^Slide (up|down|left|right)/ },
    2048: { address: 'seed=7', legal: /^Slide (up|down|left|right)/ },
    fifteen: { address: 'size=4/seed=7', legal: /^Slide (up|down|left|right)[^.]*\. Slide: \d+ at row \d, column \d/, refused: ['slide 99', 'No square holds 99.'] },
    mines: { address: '9x9x10/seed=3', legal: /^Dig: 81 hidden squares\. Flag: 81 hidden squares\.$/, refused: ['dig 40 1', 'There is no row 40, column 1: the rows are 1 to 9, the columns 1 to 9.'] },
    tictactoe: { address: '', legal: /^Mark: \d empty squares: row \d, column \d/, refused: ['mark 4 1', 'There is no row 4, column 1: the rows are 1 to 3, the columns 1 to 3.'] },
  };
  for (const [route, { address, legal, refused }] of perGame(games, readGames(), 'each game\'s typed move')) {
    const { context, page, errors } = await openPage(env.browser, `${env.server.url}${route}.html#${address}`, desktop);
    await page.waitForSelector('details.ask', { state: 'attached' });
    await page.evaluate(() => window.gridplay.idle());
    assert.match(await ask(page, 'moves'), legal, route);
    // The move to type: the first the legal moves name, in the engine's own words.
    const typed = await page.evaluate((route) => {
      const game = window.gridplay.game();
      const empty = game.squareWords().indexOf('empty');
      if (route === 'mines') return 'dig 5 5';
      if (route === 'tictactoe') return `mark ${Math.floor(empty / 3) + 1} ${(empty % 3) + 1}`;
      return ['up', 'down', 'left', 'right'].find((d) => {
        const found = game.toward(d);
        return found.ok && game.moves().some((mv) => JSON.stringify(mv) === JSON.stringify(found.move));
      });
    }, route);
    const before = await page.evaluate(() => window.gridplay.game().moveCount());
    await page.keyboard.type(typed);
    await page.keyboard.press('Enter');
    await page.waitForFunction((before) => window.gridplay.game().moveCount() > before, before);
    await page.evaluate(() => window.gridplay.idle());
    const told = await said(page);
    assert.ok(told && !told.startsWith('No question'), `${route}: “${typed}” played and said: ${told}`);
    assert.equal(await page.textContent('.ask-answer'), '', `${route}: the move is said by the game, not answered`);
    assert.ok(await page.evaluate(() => document.activeElement.classList.contains('ask-field')), `${route}: the field keeps the focus for the next move`);
    // The log reads it back in the words it was typed.
    const log = await ask(page, 'log');
    // (A square by its place; Fifteen's tiles by their numbers, whichever way they were typed.)
    const logged = route === 'fifteen' ? 'slide \\d+'
      : typed.replace(/^(\w+) (\d) (\d)$/, '$1 row $2, column $3');
    assert.match(log, new RegExp(`^Moves 1 to \\d+: (.*; )?\\d+ (X |O )?${logged}[;.]`), route);
    if (refused) {
      const count = await page.evaluate(() => window.gridplay.game().moveCount());
      assert.equal(await ask(page, refused[0]), refused[1], route);
      assert.equal(await page.evaluate(() => window.gridplay.game().moveCount()), count, `${route}: nothing moved`);
    }
    assert.deepEqual(errors, [], route);
    await context.close();
  }
});

test('open, Ask the board leaves the whole board in sight at 1280×800, and a long answer is reached and scrolled by keys', async () => {
  const { context, page, errors } = await openPage(env.browser, `${env.server.url}mines.html#9x9x10/seed=3`, desktop);
  await page.waitForSelector('details.ask', { state: 'attached' });
  // A dug board, read out whole: rows of numbers, open and hidden squares, longer than its box.
  await page.keyboard.press('/');
  await page.waitForFunction(() => document.activeElement?.classList.contains('ask-field'));
  await page.keyboard.type('dig 5 5');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => window.gridplay.game().moveCount() === 1);
  await page.evaluate(() => window.gridplay.idle());
  const answer = await ask(page, 'board');
  assert.ok(answer.startsWith('Row 1: '), answer);
  // Every square of the board is on screen, whole: the board is not squeezed into a box that
  // hides its last rows.
  const hidden = await page.evaluate(() => {
    const board = document.getElementById('board').getBoundingClientRect();
    return [...document.querySelectorAll('#board [data-cell]')].filter((cell) => {
      const rect = cell.getBoundingClientRect();
      return rect.top < Math.max(0, board.top) - 1 || rect.bottom > Math.min(innerHeight, board.bottom) + 1;
    }).map((cell) => Number(cell.dataset.cell));
  });
  assert.deepEqual(hidden, [], 'squares out of sight with the panel open');
  // Tab reaches the box, and the keys scroll it.
  const box = page.locator('.ask-answer');
  assert.ok(await box.evaluate((el) => el.scrollHeight > el.clientHeight), 'the answer scrolls');
  await page.keyboard.press('Tab'); // the Ask button
  await page.keyboard.press('Tab');
  assert.ok(await box.evaluate((el) => el === document.activeElement), 'Tab reaches the answer');
  await page.keyboard.press('PageDown');
  await page.waitForFunction(() => document.querySelector('.ask-answer').scrollTop > 0);
  // Esc from there goes back to the board.
  await page.keyboard.press('Escape');
  assert.ok(await page.evaluate(() => Boolean(document.activeElement.closest('#board'))), 'back on the board');
  assert.deepEqual(errors, []);
  await context.close();
});

const axeSource = readFileSync(new URL('../../node_modules/axe-core/axe.min.js', import.meta.url), 'utf8');

test('axe finds nothing with Ask the board open, its answer and help shown, nor in the question before a first hint, light or dark', async () => {
  const { context, page, errors } = await openPage(env.browser, `${env.server.url}2048.html#seed=7`, desktop);
  await page.waitForSelector('details.ask', { state: 'attached' });
  await page.evaluate(axeSource);
  const violations = () => page.evaluate(async () => (await window.axe.run(document)).violations
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`));
  await ask(page, 'log');
  await page.click('.ask-help > summary');
  assert.ok(await page.locator('.ask-keys').isVisible());
  await inLightAndDark(page, async (colorScheme) => {
    assert.deepEqual(await violations(), [], `the panel open (${colorScheme})`);
  });
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => window.gridplay.helpersReady());
  await page.evaluate(() => localStorage.removeItem('gridplay.help-unasked'));
  await page.keyboard.press('i');
  await page.locator('#confirm-dialog').waitFor({ state: 'visible' });
  // (Once it has come in, which inLightAndDark waits for: mid-fade, its colours are not yet its own.)
  await inLightAndDark(page, async (colorScheme) => {
    assert.deepEqual(await violations(), [], `the question before a hint (${colorScheme})`);
  });
  assert.deepEqual(errors, []);
  await context.close();
});

// One voice for the page and the terminal: input the rules refuse is said in the engine's own
// words (its reason, as a sentence, as the terminal says it), whichever game and input it was;
// what a move did and how a game ended are the engine's words too (play()'s `said`). The page
// words no refusal, move or ending itself: each expected sentence here is read from a copy of
// the page's engine, never written in the test.
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

/** What the engine says `input` does, played on a copy of the game in play. */
function engineTells(page, input) {
  return page.evaluate((input) => {
    const game = window.gridplay.game();
    const copy = game.constructor.load(game.save());
    const found = 'toward' in input ? copy.toward(input.toward) : copy.onSquare(input.act, input.cell);
    const { said } = copy.play(found.move);
    copy.free();
    return said;
  }, input);
}

async function open(browser, hash, options = desktop) {
  const opened = await openPage(browser, `${env.server.url}`, options);
  await opened.page.evaluate(() => localStorage.clear());
  await opened.page.goto(`${env.server.url}${hash}`);
  await opened.page.waitForFunction(() => window.gridplay?.game());
  await settle(opened.page);
  return opened;
}

test('2048: a direction that moves nothing is said in the engine\'s words, and the board does not change', async () => {
  // A deal where one direction moves nothing at the start (the engine's moves() lists the others).
  const { context, page, errors } = await open(env.browser, '2048.html#seed=1');
  let blocked = null;
  for (let seed = 1; !blocked; seed += 1) {
    await page.goto(`${env.server.url}2048.html#seed=${seed}`);
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
  const { context, page, errors } = await open(env.browser, 'mines.html#9x9x10/seed=5');
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
  const { context, page, errors } = await open(env.browser, 'tictactoe.html', phone);
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

test('what a move did and how the game ended are said in the engine\'s words, by key, tap and click', async () => {
  const { context, page, errors } = await open(env.browser, '2048.html#seed=3');
  // 2048 by a key: the engine's words (the direction, merges, the new tile), then the score.
  const direction = await page.evaluate(() => window.gridplay.game().moves()[0]);
  let expected = await engineTells(page, { toward: direction });
  assert.match(expected, new RegExp(`^Moved ${direction}\\. .*New [24] in row \\d, column \\d\\.$`));
  await page.keyboard.press({ up: 'ArrowUp', down: 'ArrowDown', left: 'ArrowLeft', right: 'ArrowRight' }[direction]);
  await settle(page);
  assert.ok((await said(page)).startsWith(`${expected} `), await said(page));

  // Fifteen by a tap on a tile two away from the gap: both tiles, the tapped one first.
  await page.goto(`${env.server.url}fifteen.html#tiles=123456078`);
  await page.waitForFunction(() => window.gridplay?.game()?.link() === 'tiles=123456078');
  await settle(page);
  expected = await engineTells(page, { act: 'slide', cell: 8 });
  assert.equal(expected, 'Moved 8 and 7 left. Solved: every tile is in place.');
  // Everything the live region says from here: the move, then the solved panel.
  await page.evaluate(() => {
    const announcer = document.getElementById('announcer');
    window.heard = [];
    new MutationObserver(() => window.heard.push(announcer.textContent.trim()))
      .observe(announcer, { childList: true, characterData: true, subtree: true });
  });
  await page.locator('#tiles [data-tile="8"]').click();
  await settle(page);
  await page.waitForSelector('#game-over[open]');
  const heard = await page.evaluate(() => window.heard);
  assert.equal(heard[0], expected);
  // The panel says the engine's ending, with the moves and time the page counted.
  assert.match(heard.at(-1), /^Solved: every tile is in place\. 2 moves, 0:0\d\.$/);

  // Minesweeper by a click: what the first dig opened.
  await page.goto(`${env.server.url}mines.html#9x9x10/seed=5`);
  await page.waitForFunction(() => window.gridplay?.game()?.link() === '9x9x10/seed=5');
  await settle(page);
  expected = await engineTells(page, { act: 'dig', cell: 40 });
  assert.match(expected, /^(Opened \d+ squares from row 5, column 5|Row 5, column 5: \d)\.$/);
  await page.locator('.mines-cell[data-cell="40"]').click();
  await settle(page);
  assert.ok((await said(page)).startsWith(`${expected} `), await said(page));

  // Tic-tac-toe: the winning mark, and the line it made, as the engine names it.
  await page.goto(`${env.server.url}tictactoe.html`);
  await page.waitForFunction(() => window.gridplay?.route() === 'tictactoe' && window.gridplay.game());
  await settle(page);
  for (const cell of [0, 3, 1, 4]) {
    await page.locator(`.ttt-cell[data-cell="${cell}"]`).click();
    await settle(page);
  }
  expected = await engineTells(page, { act: 'mark', cell: 2 });
  assert.equal(expected, 'X in row 1, column 3. X wins: row 1.');
  await page.locator('.ttt-cell[data-cell="2"]').click();
  await settle(page);
  assert.equal(await said(page), expected);
  assert.deepEqual(errors, []);
  await context.close();
});

test('Threes and Minesweeper: U and Ctrl+Z say that moves are final, in the engine\'s words, and change nothing', async () => {
  for (const [hash, name] of [['threes.html#seed=3', 'Threes'], ['mines.html#9x9x10/seed=5', 'Minesweeper']]) {
    const { context, page, errors } = await open(env.browser, hash);
    const words = await page.evaluate(() => window.gridplay.game().constructor.noUndo());
    assert.equal(words, `moves in ${name} are final: there is no undo`);
    const before = await page.evaluate(() => window.gridplay.game().save());
    for (const key of ['u', 'Control+z']) {
      await page.evaluate(() => {
        document.getElementById('announcer').textContent = '';
      });
      await page.keyboard.press(key);
      await settle(page);
      assert.equal(await said(page), `M${words.slice(1)}.`, `${name}, ${key}`);
    }
    assert.equal(await page.evaluate(() => window.gridplay.game().save()), before);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

// What the live region says as a player plays fast or asks for less: a burst of keys is said
// once, after its last move (how many moves, then that move's words), so speech never trails
// the board, and one whose last key moves nothing says its moves before the refusal; Settings' "Short announcements" says only where the game stands after the player's
// own moves, while an opponent's move is still said whole, and asking the board "last" gives
// the rest. Every change of the live region is logged, as a screen reader would hear it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { desktop, openDeal, openPage, settle, useBrowser } from './harness.mjs';

const env = useBrowser();

/** Starts logging every text the live region takes. */
const logSpeech = (page) => page.evaluate(() => {
  const announcer = document.getElementById('announcer');
  window.spoken = [];
  new MutationObserver(() => window.spoken.push(announcer.textContent.trim()))
    .observe(announcer, { childList: true, characterData: true, subtree: true });
});
const spoken = (page) => page.evaluate(() => window.spoken);

/** Turns Settings' short announcements on or off, as a player does. */
async function shortAnnouncements(page, on) {
  await page.click('#settings-button');
  const toggle = page.locator('#short-speech');
  if (on) await toggle.check();
  else await toggle.uncheck();
  await page.click('#settings-close');
}

test('2048: a burst whose last key moves nothing says its moves, then why the last key did not move', async () => {
  const { context, page, errors } = await openDeal(env.browser, `${env.server.url}2048.html`, desktop, '2048', 7);
  await page.locator('#board').focus();
  // Two keys that move, then the second again, which moves nothing (found on a copy), and what
  // the engine says of the last move and of the refusal.
  const found = await page.evaluate(() => {
    const directions = ['left', 'down', 'right', 'up'];
    for (const first of directions) {
      for (const second of directions) {
        const game = window.gridplay.game().constructor.load(window.gridplay.game().save());
        // The engine's move for a key, played: made, or refused with its reason.
        const press = (direction) => {
          const found = game.toward(direction);
          return found.ok ? game.play(found.move) : found;
        };
        const made = press(first).ok && press(second);
        const third = made.ok ? press(second) : null;
        game.free();
        if (third && !third.ok) return { keys: [first, second, second], said: made.said, reason: third.reason };
      }
    }
    return null;
  });
  assert.ok(found, 'a deal with two moves and then a refused one');
  await logSpeech(page);
  await page.evaluate((keys) => {
    const board = document.getElementById('board');
    const name = { up: 'ArrowUp', down: 'ArrowDown', left: 'ArrowLeft', right: 'ArrowRight' };
    for (const key of keys) board.dispatchEvent(new KeyboardEvent('keydown', { key: name[key], bubbles: true, cancelable: true }));
  }, found.keys);
  await page.waitForFunction(() => window.gridplay.game().moveCount() === 2);
  await settle(page);
  const heard = await spoken(page);
  const reason = `${found.reason[0].toUpperCase()}${found.reason.slice(1)}`.replace(/([^.!?])$/, '$1.');
  assert.equal(heard.length, 1, `said once: ${JSON.stringify(heard)}`);
  assert.ok(heard[0].startsWith(`2 moves. Last: ${found.said}`) && heard[0].endsWith(reason), heard[0]);
  assert.deepEqual(errors, []);
  await context.close();
});

test('Fifteen: eight keys pressed at once are said once, after the last: how many moves, then its words and where the game stands', async () => {
  const { context, page, errors } = await openDeal(env.browser, `${env.server.url}fifteen.html`, desktop, 'fifteen', 21);
  await page.locator('#board').focus();
  // Eight keys that each slide a tile, and what the engine says of the last, played on a copy.
  const { keys, last } = await page.evaluate(() => {
    const game = window.gridplay.game().constructor.load(window.gridplay.game().save());
    const pressed = [];
    let said = '';
    for (let i = 0; i < 8; i += 1) {
      const back = { up: 'down', down: 'up', left: 'right', right: 'left' }[pressed.at(-1)];
      const direction = ['up', 'left', 'down', 'right'].find((d) => d !== back && game.toward(d).ok);
      ({ said } = game.play(game.toward(direction).move));
      pressed.push(direction);
    }
    game.free();
    return { keys: pressed, last: said };
  });
  await logSpeech(page);
  await page.evaluate((keys) => {
    const board = document.getElementById('board');
    const name = { up: 'ArrowUp', down: 'ArrowDown', left: 'ArrowLeft', right: 'ArrowRight' };
    for (const key of keys) board.dispatchEvent(new KeyboardEvent('keydown', { key: name[key], bubbles: true, cancelable: true }));
  }, keys);
  await page.waitForFunction(() => window.gridplay.game().moveCount() === 8);
  await settle(page);
  const heard = await spoken(page);
  assert.equal(heard.length, 1, `said once: ${JSON.stringify(heard)}`);
  assert.ok(heard[0].startsWith(`8 moves. Last: ${last} 8 moves. The gap is at `), heard[0]);
  assert.deepEqual(errors, []);
  await context.close();
});

test('short announcements: a 2048 move says only the score; asking "last" gives the move; the setting is kept', async () => {
  const { context, page, errors } = await openDeal(env.browser, `${env.server.url}2048.html`, desktop, '2048', 5);
  await shortAnnouncements(page, true);
  await page.locator('#board').focus();
  const direction = await page.evaluate(() => ['left', 'up', 'right', 'down'].find((d) => window.gridplay.game().toward(d).ok
    && window.gridplay.game().constructor.load(window.gridplay.game().save()).play(d).ok));
  await logSpeech(page);
  await page.keyboard.press({ up: 'ArrowUp', down: 'ArrowDown', left: 'ArrowLeft', right: 'ArrowRight' }[direction]);
  await page.waitForFunction(() => window.gridplay.game().moveCount() === 1);
  await settle(page);
  const score = await page.evaluate(() => window.gridplay.game().readouts().score);
  const heard = await spoken(page);
  assert.match(heard.at(-1), /^(\+\d+\. )?Score \d+\.$/, 'where the game stands, nothing more');
  assert.ok(heard.at(-1).endsWith(`Score ${score}.`), heard.at(-1));
  // The move's words are a question away (once Ask the board has come, a moment after the board).
  await page.waitForSelector('details.ask', { state: 'attached' });
  await page.keyboard.press('/');
  await page.waitForFunction(() => document.activeElement?.classList.contains('ask-field'));
  await page.keyboard.type('last');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('.ask-answer').textContent.startsWith('Last move: Moved'));
  await page.reload();
  await page.waitForFunction(() => window.gridplay?.game());
  assert.equal(await page.evaluate(() => document.documentElement.dataset.speech), 'short', 'kept across a reload');
  await shortAnnouncements(page, false);
  await page.locator('#board').focus();
  const next = await page.evaluate(() => ['left', 'up', 'right', 'down'].find((d) => window.gridplay.game().toward(d).ok
    && window.gridplay.game().constructor.load(window.gridplay.game().save()).play(d).ok));
  await logSpeech(page);
  await page.keyboard.press({ up: 'ArrowUp', down: 'ArrowDown', left: 'ArrowLeft', right: 'ArrowRight' }[next]);
  await page.waitForFunction(() => window.gridplay.game().moveCount() === 2);
  await settle(page);
  assert.match((await spoken(page)).at(-1), /^Moved /, 'full announcements again: the move\'s words first');
  assert.deepEqual(errors, []);
  await context.close();
});

test('short announcements in Minesweeper: a dig says what it opened, a flag where it is, not only the mines left', async () => {
  const { context, page, errors } = await openPage(env.browser, `${env.server.url}mines.html#9x9x10/seed=7`, desktop);
  await shortAnnouncements(page, true);
  await logSpeech(page);
  await page.locator('#board [data-cell="40"]').click();
  await page.waitForFunction(() => window.gridplay.game().moveCount() === 1);
  await settle(page);
  assert.match((await spoken(page)).at(-1), /^Opened \d+ squares? from row 5, column 5\.$/);
  // A right click flags a square still hidden.
  const hidden = await page.evaluate(() => [...document.querySelectorAll('#board [data-cell]')]
    .find((square) => square.dataset.code === '9').dataset.cell);
  await page.locator(`#board [data-cell="${hidden}"]`).click({ button: 'right' });
  await page.waitForFunction(() => window.gridplay.game().moveCount() === 2);
  await settle(page);
  assert.match((await spoken(page)).at(-1), /^Flag on row \d+, column \d+\.$/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('short announcements in tic-tac-toe: the player\'s mark says whose turn it is, the computer\'s answer is said whole', async () => {
  const { context, page, errors } = await openPage(env.browser, `${env.server.url}tictactoe.html`, desktop);
  await page.click('#opponent-picker label:has(input[value="perfect"])');
  await settle(page);
  await shortAnnouncements(page, true);
  await logSpeech(page);
  await page.locator('.ttt-cell').first().click();
  await page.waitForFunction(() => window.gridplay.game().moveCount() === 2);
  await settle(page);
  const heard = await spoken(page);
  assert.ok(heard.some((text) => /^O: the computer is choosing\.$/.test(text)), JSON.stringify(heard));
  assert.match(heard.at(-1), /^O in row \d, column \d\. X to move \(you\)\.$/, JSON.stringify(heard));
  assert.deepEqual(errors, []);
  await context.close();
});

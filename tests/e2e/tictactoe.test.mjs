// Tic-tac-toe's page in Chromium, played as a player would: taps on a phone, the keyboard
// (arrows, Enter, Space) on a desktop, against the computer, and what survives a reload.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { desktop, keepCopies, noticeShown, openPage, phone, settle, useBrowser } from './harness.mjs';

const env = useBrowser();

const url = () => `${env.server.url}tictactoe.html`;

/** Opens the page on a fresh browser profile, with `stored` in its storage first. */
async function open(options = desktop, stored = {}) {
  const opened = await openPage(env.browser, url(), options);
  await opened.page.evaluate((entries) => {
    localStorage.clear();
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, stored);
  await keepCopies(opened.page);
  await opened.page.reload();
  await opened.page.waitForFunction(() => window.gridplay?.game());
  await settle(opened.page);
  return opened;
}

const cells = (page) => page.evaluate(() => window.gridplay.game().cells().map((code) => ['', 'X', 'O'][code]));
const drawn = (page) => page.$$eval('.ttt-cell', (buttons) => buttons.map((b) => b.dataset.mark));
const turnLine = (page) => page.textContent('#turn-line');
const said = (page) => page.textContent('#announcer');
/** The tally's words, its no-break spaces (it wraps between counts only) read as spaces. */
const tallyText = async (page) => (await page.textContent('#tally')).replaceAll('\u00a0', ' ');

async function tap(page, cell) {
  await page.tap(`.ttt-cell[data-cell="${cell}"]`);
  await settle(page);
}

test('two players on a phone: taps mark in turn, a line wins, is drawn and said, and counts once', async () => {
  const { context, page, errors } = await open(phone);
  assert.equal(await turnLine(page), 'X to move');
  // X: 0, 4, 8 (the diagonal); O: 1, 2.
  for (const cell of [0, 1, 4, 2]) await tap(page, cell);
  assert.deepEqual(await cells(page), ['X', 'O', 'O', '', 'X', '', '', '', '']);
  assert.deepEqual(await drawn(page), await cells(page));
  assert.equal(await turnLine(page), 'X to move');
  // A taken square takes no mark, and says so.
  await tap(page, 1);
  assert.equal(await page.evaluate(() => window.gridplay.game().moveCount()), 4);
  assert.match(await said(page), /already holds an O/);
  await tap(page, 8);
  assert.equal(await turnLine(page), 'X wins');
  assert.match(await said(page), /X in row 3, column 3\. X wins: a diagonal\./);
  assert.deepEqual(await page.$$eval('.ttt-cell.won', (b) => b.map((x) => Number(x.dataset.cell))), [0, 4, 8]);
  assert.equal(await page.getAttribute('.ttt-line', 'class'), 'ttt-line shown fresh');
  assert.match(await page.getAttribute('.ttt-cell[data-cell="4"]', 'aria-label'), /Row 2, column 2: X, winning line/);
  // The game is over: no more marks.
  await tap(page, 3);
  assert.equal(await page.evaluate(() => window.gridplay.game().moveCount()), 5);
  assert.equal(await tallyText(page), 'X won 1 · O won 0 · Draws 0');
  // Undo and win again: the game was counted when it ended, once.
  await page.click('#undo');
  await settle(page);
  assert.equal(await page.isVisible('#play-again'), false);
  await tap(page, 8);
  assert.equal(await tallyText(page), 'X won 1 · O won 0 · Draws 0');
  // Play again: an empty board, X first, and no questions.
  await page.tap('#play-again');
  await settle(page);
  assert.deepEqual(await cells(page), Array(9).fill(''));
  assert.equal(await page.evaluate(() => document.querySelector('.ttt-line').classList.contains('shown')), false);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a finished game offers its replay, as the other games\' end panels do: watched, or its link copied', async () => {
  const { context, page, errors } = await open(desktop);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const watch = page.getByRole('button', { name: 'Watch the replay' });
  assert.equal(await watch.count(), 0, 'nothing to replay while the game goes on');
  for (const cell of [0, 1, 4, 2, 8]) await page.click(`.ttt-cell[data-cell="${cell}"]`);
  await settle(page);
  assert.equal(await turnLine(page), 'X wins');
  const save = await page.evaluate(() => window.gridplay.game().save());
  await page.getByRole('button', { name: 'Copy a replay link' }).click();
  await page.waitForFunction(() => document.querySelector('.notice[data-notice="shared"]'));
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), `${env.server.url}tictactoe.html#replay=${save}`);
  // The notice sits over the foot of the page; the player closes it.
  await page.getByRole('button', { name: 'Dismiss notice' }).click();
  await watch.click();
  await page.waitForSelector('.replay-bar');
  assert.equal(await page.textContent('.replay-where'), 'Move 0 of 5');
  // Undo brings the game back into play: no replay is offered until it ends again.
  await page.locator('.replay-bar').getByRole('button', { name: 'Close' }).click();
  await page.waitForFunction(() => !document.querySelector('.replay-bar'));
  await page.click('#undo');
  await settle(page);
  assert.equal(await watch.count(), 0);
  assert.equal(await page.isVisible('#how-to'), true, 'the how-to is back');
  assert.deepEqual(errors, []);
  await context.close();
});

test('against the computer, a replay shows the pickers held, not gone; "It starts" does nothing; the turn line names no one', async () => {
  for (const options of [desktop, phone]) {
    const { context, page, errors } = await open(options, { 'gridplay.tictactoe.mode': JSON.stringify({ opponent: 'perfect', starter: 'you' }) });
    const tap = (selector) => (options === phone ? page.tap(selector) : page.click(selector));
    await tap('.ttt-cell[data-cell="4"]');
    await page.waitForFunction(() => window.gridplay.game().moveCount() === 2);
    const save = await page.evaluate(() => window.gridplay.game().save());
    await page.goto(`${env.server.url}tictactoe.html#replay=${save}`);
    await page.waitForSelector('.replay-bar');
    await page.keyboard.press('ArrowRight');
    const pickers = await page.evaluate(() => ['#opponent-picker', '#starter-picker'].map((id) => {
      const picker = document.querySelector(id);
      const box = picker.getBoundingClientRect();
      return { shown: getComputedStyle(picker).visibility === 'visible' && box.height > 0, held: picker.inert };
    }));
    assert.deepEqual(pickers, [{ shown: true, held: true }, { shown: true, held: true }], 'both pickers in their place, held');
    assert.equal(await turnLine(page), 'O to move', 'whose side is whose is the replayed game\'s');
    // A tap on "It starts" (held: nothing under it takes it) leaves the replay and the game be.
    await page.locator('#starter-picker label:has(input[value="computer"])').click({ force: true });
    await page.waitForTimeout(300);
    assert.equal(await page.locator('.replay-bar').count(), 1, 'the replay stays open');
    await page.click('.replay-button[data-act="close"]');
    assert.equal(await page.evaluate(() => window.gridplay.game().save()), save, 'the game in play as it was');
    assert.equal(await turnLine(page), 'X to move (you)');
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('the cursor\'s keys: arrows, WASD and HJKL move the active cell and never off the board; Enter and Space mark it', async () => {
  const { context, page, errors } = await open(desktop);
  const active = () => page.evaluate(() => Number(document.activeElement?.dataset?.cell ?? -1));
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await active(), 0, 'the cursor starts top left and stays on the board');
  await page.keyboard.press('Enter');
  await settle(page);
  assert.equal((await cells(page))[0], 'X');
  for (let i = 0; i < 4; i += 1) await page.keyboard.press('ArrowRight');
  assert.equal(await active(), 2);
  await page.keyboard.press('Space');
  await settle(page);
  assert.equal((await cells(page))[2], 'O');
  // WASD too; the cursor stays where it was after a mark.
  assert.equal(await active(), 2);
  await page.keyboard.press('s');
  await page.keyboard.press('a');
  assert.equal(await active(), 4);
  await page.keyboard.press('Enter');
  await settle(page);
  for (let i = 0; i < 4; i += 1) await page.keyboard.press('ArrowDown');
  assert.equal(await active(), 7);
  // And vi's HJKL, the same keys as every game's cursor.
  for (const [key, cell] of [['k', 4], ['l', 5], ['h', 4], ['j', 7]]) {
    await page.keyboard.press(key);
    assert.equal(await active(), cell, `after ${key}`);
  }
  // The active cell is the board's one stop in the tab order.
  assert.deepEqual(await page.$$eval('.ttt-cell', (b) => b.map((x) => x.tabIndex)), [-1, -1, -1, -1, -1, -1, -1, 0, -1]);
  // Enter on the page itself (nothing focused) marks the active cell too.
  await page.evaluate(() => document.activeElement.blur());
  await page.keyboard.press('Enter');
  await settle(page);
  assert.deepEqual(await cells(page), ['X', '', 'O', '', 'X', '', '', 'O', '']);
  // U undoes.
  await page.keyboard.press('u');
  await settle(page);
  assert.equal((await cells(page))[7], '');
  assert.deepEqual(errors, []);
  await context.close();
});

test('against the perfect computer: it answers each move, never loses, and undo takes back a whole turn', async () => {
  const { context, page, errors } = await open(desktop);
  await page.click('#opponent-picker label:has(input[value="perfect"])');
  await settle(page);
  assert.equal(await page.isVisible('#starter-picker'), true);
  assert.equal(await turnLine(page), 'X to move (you)');
  // The player takes the first open cell each turn: whatever happens, the computer never loses.
  for (let turn = 0; turn < 5; turn += 1) {
    const game = await cells(page);
    if (await page.evaluate(() => (window.gridplay.game().status() !== 'playing'))) break;
    await page.click(`.ttt-cell[data-cell="${game.indexOf('')}"]`);
    // Its answer comes a moment later.
    await page.waitForFunction(() => {
      const g = window.gridplay.game();
      return g.status() !== 'playing' || g.readouts().turn === 'X';
    });
    await settle(page);
  }
  const winner = await page.evaluate(() => (window.gridplay.game().readouts().winner || null));
  assert.notEqual(winner, 'X', 'the perfect computer never loses');
  assert.ok(await page.evaluate(() => (window.gridplay.game().status() !== 'playing')));
  assert.equal(await turnLine(page), winner ? 'O wins (computer)' : 'Draw');
  assert.equal(await tallyText(page), winner ? 'You won 0 · Computer won 1 · Draws 0' : 'You won 0 · Computer won 0 · Draws 1');
  // Undo: the computer's last mark and the player's go together; the player is to move.
  const before = await page.evaluate(() => window.gridplay.game().moveCount());
  await page.click('#undo');
  await settle(page);
  const after = await page.evaluate(() => window.gridplay.game().moveCount());
  assert.equal(before - after, before % 2 === 0 ? 2 : 1);
  assert.equal(await page.evaluate(() => window.gridplay.game().readouts().turn), 'X');
  // The computer starting: a new game opens with its X in the centre (perfect play's choice).
  await page.click('#starter-picker label:has(input[value="computer"])');
  await page.click('#confirm-ok');
  await page.waitForFunction(() => window.gridplay.game().moveCount() === 1);
  assert.deepEqual(await cells(page), ['', '', '', '', 'X', '', '', '', '']);
  assert.equal(await turnLine(page), 'O to move (you)');
  // Its opening move is not the player's to undo.
  await page.click('#undo');
  await settle(page);
  assert.equal(await page.evaluate(() => window.gridplay.game().moveCount()), 1);
  assert.deepEqual(errors, []);
  await context.close();
});

test('with the computer starting and no mark of the player\'s yet, "You start" and New game start at once: nothing of theirs is lost', async () => {
  const { context, page, errors } = await openPage(env.browser, `${env.server.url}tictactoe.html`);
  await page.evaluate(() => localStorage.setItem('gridplay.tictactoe.mode', JSON.stringify({ opponent: 'perfect', starter: 'computer' })));
  await page.reload();
  // The computer's opening X, and nothing of the player's.
  await page.waitForFunction(() => window.gridplay?.game()?.moveCount() === 1);
  await settle(page);
  const asked = () => page.isVisible('#confirm-dialog');
  // Either a question, or the new game.
  const dealtOrAsked = (count) => page.waitForFunction((n) => document.getElementById('confirm-dialog').open
    || (window.gridplay.game().moveCount() === n && !window.gridplay.busy()), count);
  await page.click('#starter-picker label:has(input[value="you"])');
  await dealtOrAsked(0);
  assert.equal(await asked(), false, 'no question: the only mark was the computer\'s');
  assert.equal(await turnLine(page), 'X to move (you)');
  // It starts again: its X, then New game, again without a question.
  await page.click('#starter-picker label:has(input[value="computer"])');
  await page.waitForFunction(() => window.gridplay.game().moveCount() === 1);
  await settle(page);
  assert.equal(await asked(), false);
  await page.evaluate(() => {
    window.dealt = 0;
    window.gridplay.watch((what) => {
      if (what === 'dealt') window.dealt += 1;
    });
  });
  await page.click('#new-game');
  await page.waitForFunction(() => document.getElementById('confirm-dialog').open || window.dealt > 0);
  assert.equal(await asked(), false, 'New game asks nothing either');
  await dealtOrAsked(1);
  // Once the player has marked a square, the game is theirs to lose: asked first.
  await page.click(`.ttt-cell[data-cell="${(await cells(page)).indexOf('')}"]`);
  await page.waitForFunction(() => window.gridplay.game().moveCount() === 3);
  await settle(page);
  await page.click('#starter-picker label:has(input[value="you"])');
  await page.locator('#confirm-dialog').waitFor({ state: 'visible' });
  await page.click('#confirm-cancel');
  await settle(page);
  assert.equal(await page.evaluate(() => window.gridplay.game().moveCount()), 3, 'kept on the player\'s word');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a reload resumes the game, the opponent and the tally; unreadable storage starts afresh with a notice', async () => {
  const { context, page, errors } = await open(desktop);
  await page.click('#opponent-picker label:has(input[value="easy"])');
  await settle(page);
  await page.click('.ttt-cell[data-cell="0"]');
  await page.waitForFunction(() => window.gridplay.game().moveCount() === 2);
  await settle(page);
  const game = await cells(page);
  await page.reload();
  await page.waitForFunction(() => window.gridplay?.game());
  await settle(page);
  assert.deepEqual(await cells(page), game);
  assert.deepEqual(await drawn(page), game);
  assert.equal(await page.isChecked('#opponent-picker input[value="easy"]'), true);
  assert.equal(await turnLine(page), 'X to move (you)');

  // A corrupt save, mode and tally: a fresh game, the defaults, a notice; nothing breaks.
  // (The reloaded game kept first, as the page read it, so that its copy is not written over these.)
  await page.evaluate(() => window.gridplay.idle());
  await page.evaluate(() => {
    localStorage.setItem('gridplay.tictactoe.save', 'tictactoe.1.x.2.zA');
    localStorage.setItem('gridplay.tictactoe.mode', '{"opponent":"nobody"');
    localStorage.setItem('gridplay.tictactoe.tally', '{"two":{"x":-4,"o":"many"}}');
  });
  await keepCopies(page);
  await page.reload();
  await page.waitForFunction(() => window.gridplay?.game());
  assert.deepEqual(await cells(page), Array(9).fill(''));
  await noticeShown(page, 'corrupt-save');
  assert.equal(await page.isChecked('#opponent-picker input[value="two"]'), true);
  assert.equal(await tallyText(page), 'X won 0 · O won 0 · Draws 0');
  assert.deepEqual(errors, []);
  await context.close();
});

test('phone: choosing the computer moves no square, and its answer comes within a short beat', async () => {
  const { context, page, errors } = await open(phone);
  const board = () => page.locator('#board').boundingBox();
  const before = await board();
  assert.equal(await page.isVisible('#starter-picker'), false, 'who starts: nothing to choose for two players');
  await page.tap('#opponent-picker label:has(input[value="perfect"])');
  await settle(page);
  assert.equal(await page.isVisible('#starter-picker'), true);
  assert.deepEqual(await board(), before, 'the board stays put as "You start / It starts" comes');
  // The page's clock held still, moved on only by the test: the beat is the page's own pauses
  // (its timers), not how long a busy machine takes to run them.
  await page.clock.install();
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
  // When each mark is drawn, from the page's own clock.
  await page.evaluate(() => {
    window.markTimes = [];
    const count = () => document.querySelectorAll('.ttt-cell[data-mark="X"], .ttt-cell[data-mark="O"]').length;
    let seen = count();
    new MutationObserver(() => {
      if (count() !== seen) {
        seen = count();
        window.markTimes.push(performance.now());
      }
    }).observe(document.getElementById('board'), { subtree: true, attributes: true });
  });
  const beats = [];
  for (let turn = 0; turn < 3; turn += 1) {
    const game = await cells(page);
    if (await page.evaluate(() => (window.gridplay.game().status() !== 'playing'))) break;
    const marked = await page.evaluate(() => window.markTimes.length);
    await page.tap(`.ttt-cell[data-cell="${game.indexOf('')}"]`);
    // The mark is drawn in the page's next animation frame, which its clock, held still, gives
    // once moved on by a frame.
    await page.clock.runFor(20);
    await page.waitForFunction((n) => window.markTimes.length >= n + 1, marked);
    // 450 ms of the page's time after the player's mark, and no more: the answer comes in it.
    await page.clock.runFor(450);
    await page.waitForFunction((n) => window.markTimes.length >= n + 2 || (window.gridplay.game().status() !== 'playing'), marked)
      .catch(() => {});
    const times = await page.evaluate(() => window.markTimes);
    const over = await page.evaluate(() => window.gridplay.game().status() !== 'playing');
    assert.ok(times.length >= marked + 2 || over, `no answer 450 ms after the player's mark (turn ${turn + 1})`);
    if (times.length >= marked + 2) beats.push(times[marked + 1] - times[marked]);
    // The answer's own drawing, on the page's time.
    await page.clock.runFor(1000);
    await settle(page);
  }
  // About 280 ms as built (the player's mark, then a 100 ms pause); it was about 510.
  assert.ok(beats.length > 0, 'the computer answered');
  assert.ok(beats.every((beat) => beat <= 450), `the computer answered ${beats.map(Math.round).join(', ')} ms after the player's mark`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a small phone on its side, against the computer: the column beside the board fits the screen', async () => {
  // 667×375 (an iPhone SE), 640×360 (a small Android phone) and 568×320 (the first iPhone SE):
  // two pickers, the turn, Undo, the tally and the how-to beside the board ran past the foot, so
  // the page scrolled; at 568×320 the opponent picker also ran into the board.
  for (const [width, height] of [[667, 375], [640, 360], [568, 320]]) {
    const { context, page, errors } = await open({ ...phone, viewport: { width, height } });
    await page.tap('#opponent-picker label:has(input[value="perfect"])');
    await settle(page);
    // The column itself, without a notice (one takes a place in the column for a while: the
    // records kept from the last size's page say its game was played on elsewhere).
    await page.evaluate(() => document.querySelectorAll('.notice-dismiss').forEach((button) => button.click()));
    const m = await page.evaluate(() => ({
      scrolls: document.documentElement.scrollHeight - innerHeight,
      howTo: document.getElementById('how-to').getBoundingClientRect().bottom,
      board: document.getElementById('board').getBoundingClientRect().left,
      column: Math.max(...['#new-game', '#opponent-picker', '#starter-picker', '#tally']
        .map((s) => document.querySelector(s).getBoundingClientRect().right)),
      newGame: document.getElementById('new-game').getBoundingClientRect().top,
      title: document.getElementById('title').getBoundingClientRect().bottom,
    }));
    const at = `${width}×${height}`;
    assert.equal(m.scrolls, 0, `${at}: the page scrolls by ${m.scrolls} px`);
    assert.ok(m.howTo <= height, `${at}: the how-to ends at ${Math.round(m.howTo)} px`);
    assert.ok(m.column <= m.board, `${at}: the column runs into the board (${Math.round(m.column)} > ${Math.round(m.board)})`);
    assert.ok(m.newGame < m.title, `${at}: New game beside the title, not under it`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('after a click on a picker, the arrows and Enter play the game, not the picker', async () => {
  const { context, page, errors } = await open(desktop);
  await page.click('#opponent-picker label:has(input[value="perfect"])');
  await settle(page);
  const picked = () => page.evaluate(() => document.querySelector('#opponent-picker input:checked').value);
  assert.equal(await picked(), 'perfect');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => window.gridplay.game().moveCount() >= 1);
  await settle(page);
  assert.equal(await picked(), 'perfect', 'the opponent is still the one clicked');
  assert.equal(await page.evaluate(() => document.activeElement.closest('#opponent-picker')), null, 'the picker no longer has the focus');
  assert.deepEqual(errors, []);
  await context.close();
});

// Minesweeper's page in Chromium, played as a player would: clicks and right clicks on a
// desktop, taps, long presses and scrolls with real touches on a phone, the Dig/Flag mode, the
// keyboard cursor, the win and loss panels, best times, share links and reloads.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { desktop, keepCopies, openPage, phone, phoneLandscape, settle, useBrowser } from './harness.mjs';

const env = useBrowser();

const HIDDEN = 9;
const FLAG = 10;

/** Opens #mines on a fresh profile holding `stored`, then `hash` (a share link) if given. */
async function open(options = desktop, stored = {}, hash = 'mines.html') {
  const opened = await openPage(env.browser, `${env.server.url}`, options);
  await opened.page.evaluate((entries) => {
    localStorage.clear();
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, stored);
  await keepCopies(opened.page);
  await opened.page.goto(`${env.server.url}${hash}`);
  await opened.page.waitForFunction(() => window.gridplay?.route() === 'mines' && window.gridplay.game());
  await settle(opened.page);
  return opened;
}

const game = (page, method) => page.evaluate((m) => window.gridplay.game()[m](), method);
const cells = (page) => game(page, 'cells');
const cell = (page, index) => page.locator(`.mines-cell[data-cell="${index}"]`);

/**
 * Where the mines are, once the first reveal has placed them: a copy of the game (loaded from
 * its save) opens every hidden square until it loses, and shows them all.
 */
function minesOf(page) {
  return page.evaluate(async () => {
    const Minefield = window.gridplay.game().constructor; // the page's own engine class
    const copy = Minefield.load(window.gridplay.game().save());
    const w = copy.width();
    for (let c = 0; c < w * copy.height() && copy.status() !== 'lost'; c += 1) {
      if (copy.cells()[c] === 9) copy.play({ x: c % w, y: Math.floor(c / w), act: 'dig' });
    }
    const mines = copy.cells().flatMap((code, c) => ([10, 11, 12].includes(code) ? [c] : []));
    copy.free();
    return mines;
  });
}

/**
 * A real finger on a square: down, moved by (dx, dy) on the way, then up: at once for a tap,
 * or, `held`, once the long press has acted (its move made: the flag shown), as a player holds
 * until the flag shows, however late a busy machine runs the page's timer. (A press that never
 * acts is let go after the limit, for the caller's assertion to say so.)
 */
async function touch(page, index, { held = false, dx = 0, dy = 0 } = {}) {
  const box = await cell(page, index).boundingBox();
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const moves = await game(page, 'moveCount');
  const cdp = await page.context().newCDPSession(page);
  const send = (type, px, py) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x: px, y: py }] });
  await send('touchStart', x, y);
  if (dx || dy) for (let i = 1; i <= 5; i += 1) await send('touchMove', x + (dx * i) / 5, y + (dy * i) / 5);
  if (held) await page.waitForFunction((n) => window.gridplay.game().moveCount() > n, moves).catch(() => {});
  await send('touchEnd');
  await cdp.detach();
  await settle(page);
}

test('desktop: the first click opens an area and starts the clock; right click flags; a number chords; clearing wins with a best time', async () => {
  // A fixed deal, so that the chord below always has a number to work on.
  const { context, page, errors } = await open(desktop, {}, 'mines.html#9x9x10/seed=3');
  assert.equal(await game(page, 'status'), 'playing', 'playing before the first dig too');
  assert.equal((await page.evaluate(() => window.gridplay.game().readouts())).dug, false, 'no mine placed before the first dig');
  assert.equal(await page.textContent('#mines-left'), '10');
  await cell(page, 40).click();
  await settle(page);
  assert.equal(await game(page, 'status'), 'playing');
  assert.equal((await cells(page))[40], 0, 'the first reveal is a 0 that opens an area');
  assert.ok((await cells(page)).filter((c) => c <= 8).length > 1);
  const mines = await minesOf(page);
  assert.equal(mines.length, 10);
  await page.waitForFunction(() => Number(document.getElementById('clock').dataset.ms) > 0);

  // Right click on a mine flags it; the counter goes down; a second right click takes it off.
  await cell(page, mines[0]).click({ button: 'right' });
  await settle(page);
  assert.equal((await cells(page))[mines[0]], FLAG);
  assert.equal(await page.textContent('#mines-left'), '9');
  await cell(page, mines[0]).click({ button: 'right' });
  await settle(page);
  assert.equal((await cells(page))[mines[0]], HIDDEN);

  // Flag every mine, then clicking a number opens the rest around it (a chord); click the
  // squares still hidden, and the board is cleared.
  for (const mine of mines) await cell(page, mine).click({ button: 'right' });
  await settle(page);
  const w = 9;
  const near = (a, b) => Math.abs((a % w) - (b % w)) <= 1 && Math.abs(Math.floor(a / w) - Math.floor(b / w)) <= 1 && a !== b;
  const now = await cells(page);
  const number = now.findIndex((c, i) => c >= 1 && c <= 8 && now.some((h, j) => h === HIDDEN && near(i, j)));
  assert.ok(number >= 0, 'a number with hidden squares around it');
  const hiddenBefore = now.filter((c) => c === HIDDEN).length;
  await cell(page, number).click();
  await settle(page);
  assert.ok((await cells(page)).filter((c) => c === HIDDEN).length < hiddenBefore, 'the chord opened the squares around');
  for (let i = 0; i < 81; i += 1) {
    if ((await cells(page))[i] === HIDDEN) {
      await cell(page, i).click();
      await settle(page);
    }
  }
  assert.equal(await game(page, 'status'), 'won');
  await page.locator('#game-over[open]').waitFor();
  assert.equal(await page.textContent('#game-over-title'), 'Cleared!');
  assert.match(await page.textContent('#score-sheet'), /Beginner, 9×9, 10 mines/);
  const best = Number(await page.evaluate(() => localStorage.getItem('gridplay.mines.best.9x9x10')));
  assert.ok(best > 0, 'a best time in ms for Beginner');
  assert.equal(Number(await page.getAttribute('#clock', 'data-ms')), best, 'the clock stopped at the win');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a lost game shows every mine and every wrong flag, and the clock stops', async () => {
  const { context, page, errors } = await open(desktop);
  await cell(page, 40).click();
  await settle(page);
  const mines = await minesOf(page);
  const safe = (await cells(page)).findIndex((c, i) => c === HIDDEN && !mines.includes(i));
  await cell(page, safe).click({ button: 'right' }); // a wrong flag
  await cell(page, mines[1]).click({ button: 'right' }); // a right one
  await cell(page, mines[0]).click();
  await settle(page);
  assert.equal(await game(page, 'status'), 'lost');
  await page.locator('#game-over[open]').waitFor();
  assert.equal(await page.textContent('#game-over-title'), 'Boom!');
  await page.click('#game-over-close');
  const after = await cells(page);
  assert.equal(after[mines[0]], 12, 'the mine that went off');
  assert.equal(after[safe], 13, 'the wrong flag');
  assert.equal(after[mines[1]], FLAG, 'a flag on a mine stays');
  for (const mine of mines.slice(2)) assert.equal(after[mine], 11);
  assert.deepEqual(await page.$$eval('.mines-cell', (b) => b.map((x) => Number(x.dataset.code))), after, 'drawn as the engine says');
  const stopped = await page.getAttribute('#clock', 'data-ms');
  await page.waitForTimeout(600);
  assert.equal(await page.getAttribute('#clock', 'data-ms'), stopped);
  assert.equal(await page.evaluate(() => localStorage.getItem('gridplay.mines.best.9x9x10')), null);
  assert.deepEqual(errors, []);
  await context.close();
});

test('phone: a tap digs, a long press flags (a ring fills meanwhile), a short press never flags, and a moving finger does nothing', async () => {
  const { context, page, errors } = await open(phone);
  await touch(page, 40);
  assert.equal(await game(page, 'status'), 'playing');
  const hidden = () => cells(page).then((c) => c.findIndex((code) => code === HIDDEN));
  const target = await hidden();
  // Held, the ring shows; let go early, it is a dig, never a flag. (Whether the ring showed is
  // read afterwards, so the finger moves off at once, well before a long press would act.)
  await cell(page, target).evaluate((b) => {
    window.ringShown = false;
    new MutationObserver(() => { window.ringShown ||= b.classList.contains('pressing'); }).observe(b, { attributes: true, attributeFilter: ['class'] });
  });
  const box = await cell(page, target).boundingBox();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: box.x + box.width / 2, y: box.y + box.height / 2 }] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: box.x + box.width / 2 + 40, y: box.y + box.height / 2 }] });
  assert.equal(await page.evaluate(() => window.ringShown), true, 'the long press shows its progress');
  // (A settle, past the time a long press takes: the finger is still down.)
  await page.waitForTimeout(450);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
  await settle(page);
  assert.equal((await cells(page))[target], HIDDEN, 'a finger that moved neither flags nor digs');
  await touch(page, target, { held: true });
  assert.equal((await cells(page))[target], FLAG, 'a long press flags');
  assert.equal(await page.textContent('#mines-left'), '9');
  const moves = await game(page, 'moveCount');
  await touch(page, target);
  assert.equal((await cells(page))[target], FLAG, 'a tap on a flag does not dig it');
  assert.equal(await game(page, 'moveCount'), moves);
  // Flag mode: the Dig button says Flag, a tap flags, a long press digs.
  await page.tap('#mode');
  assert.equal(await page.getAttribute('#mode', 'aria-pressed'), 'true');
  const other = await hidden();
  await touch(page, other);
  assert.equal((await cells(page))[other], FLAG, 'in flag mode a tap flags');
  assert.deepEqual(errors, []);
  await context.close();
});

test('phone: Expert scrolls inside its frame, and a long press still flags after a scroll', async () => {
  const { context, page, errors } = await open(phone, { 'gridplay.mines.board': '30x16x99' });
  const sizes = await page.$eval('#mines-scroll', (s) => [s.scrollWidth, s.clientWidth]);
  assert.ok(sizes[0] > sizes[1], `Expert is wider than a phone (${sizes}) and scrolls`);
  const cellSize = await cell(page, 0).boundingBox();
  assert.ok(cellSize.width >= 28, 'squares stay big enough for a finger');
  assert.equal(await page.evaluate(() => document.scrollingElement.scrollWidth <= innerWidth), true, 'the page itself does not scroll sideways');
  await page.$eval('#mines-scroll', (s) => { s.scrollLeft = s.scrollWidth; });
  await touch(page, 29 + 8 * 30); // the far right of the board, now in view
  assert.equal(await game(page, 'status'), 'playing');
  const target = (await cells(page)).findLastIndex((c) => c === HIDDEN);
  await cell(page, target).scrollIntoViewIfNeeded();
  await touch(page, target, { held: true });
  assert.equal((await cells(page))[target], FLAG);
  assert.deepEqual(errors, []);
  await context.close();
});

test('jump keys: Home and End cross a row, Page Up and Page Down a column, Ctrl+Home and Ctrl+End the board, and Enter digs where they land', async () => {
  const { context, page, errors } = await open(desktop, {}, 'mines.html#30x16x99/seed=7');
  const cursor = () => page.evaluate(() => Number(document.activeElement?.dataset?.cell ?? -1));
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  const start = await cursor();
  const y = Math.floor(start / 30);
  await page.keyboard.press('End');
  assert.equal(await cursor(), y * 30 + 29, 'the row\'s last square');
  await page.keyboard.press('Home');
  assert.equal(await cursor(), y * 30, 'the row\'s first');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('PageDown');
  assert.equal(await cursor(), 15 * 30 + 1, 'the column\'s bottom');
  await page.keyboard.press('PageUp');
  assert.equal(await cursor(), 1, 'the column\'s top');
  await page.keyboard.press('Control+End');
  assert.equal(await cursor(), 16 * 30 - 1, 'the board\'s last square');
  await page.keyboard.press('Control+Home');
  assert.equal(await cursor(), 0, 'the board\'s first');
  assert.equal(await game(page, 'moveCount'), 0, 'no jump dug');
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await settle(page);
  assert.equal(await game(page, 'status'), 'playing', 'Enter dug where End landed');
  assert.notEqual((await cells(page))[29], HIDDEN);
  assert.deepEqual(errors, []);
  await context.close();
});

test('keys: arrows (and WASD, HJKL) move the cursor and never off the board, Enter digs, Space flags, F switches the mode', async () => {
  const { context, page, errors } = await open(desktop);
  const cursor = () => page.evaluate(() => Number(document.activeElement?.dataset?.cell ?? -1));
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowUp');
  assert.equal(await cursor(), 0);
  for (let i = 0; i < 12; i += 1) await page.keyboard.press('ArrowRight');
  assert.equal(await cursor(), 8);
  for (let i = 0; i < 4; i += 1) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await cursor(), 4 * 9 + 7);
  await page.keyboard.press('Enter');
  await settle(page);
  assert.equal(await game(page, 'status'), 'playing');
  assert.equal((await cells(page))[43], 0);
  const hidden = (await cells(page)).findIndex((c) => c === HIDDEN);
  for (let i = 0; i < 8; i += 1) await page.keyboard.press('ArrowUp');
  for (let i = 0; i < 8; i += 1) await page.keyboard.press('ArrowLeft');
  for (let i = 0; i < hidden % 9; i += 1) await page.keyboard.press('ArrowRight');
  for (let i = 0; i < Math.floor(hidden / 9); i += 1) await page.keyboard.press('ArrowDown');
  assert.equal(await cursor(), hidden);
  await page.keyboard.press('Space');
  await settle(page);
  assert.equal((await cells(page))[hidden], FLAG);
  // The letters of the shared cursor: WASD and vi's HJKL, from the top left square.
  for (let i = 0; i < 8; i += 1) await page.keyboard.press('ArrowUp');
  for (let i = 0; i < 8; i += 1) await page.keyboard.press('ArrowLeft');
  const path = [];
  for (const key of ['d', 's', 'l', 'j', 'h', 'k', 'a', 'w', 'a']) {
    await page.keyboard.press(key);
    path.push(await cursor());
  }
  assert.deepEqual(path, [1, 10, 11, 20, 19, 10, 9, 0, 0]);
  assert.equal(await page.textContent('#mode'), 'Dig', 'the cursor\'s letters leave the mode alone');
  await page.keyboard.press('f');
  assert.equal(await page.textContent('#mode'), 'Flag');
  await page.keyboard.press('f');
  assert.equal(await page.textContent('#mode'), 'Dig');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a share link opens that board and deal; reload resumes it and its clock; Custom says what is wrong with a board', async () => {
  const { context, page, errors } = await open(desktop, {}, 'mines.html#16x16x40/seed=77');
  await page.waitForFunction(() => location.pathname.endsWith('/mines.html') && location.hash === '');
  assert.deepEqual([await game(page, 'width'), await game(page, 'height'), (await page.evaluate(() => window.gridplay.game().readouts())).mines, await game(page, 'seed')], [16, 16, 40, 77]);
  assert.equal(await page.isChecked('#preset-picker input[value="intermediate"]'), true);
  await cell(page, 8 * 16 + 8).click();
  await settle(page);
  const opened = await cells(page);
  await page.waitForFunction(() => Number(document.getElementById('clock').dataset.ms) > 300);
  await page.reload();
  await page.waitForFunction(() => window.gridplay?.game());
  await settle(page);
  assert.deepEqual(await cells(page), opened);
  assert.ok(Number(await page.getAttribute('#clock', 'data-ms')) > 300, 'the clock resumes where it was');
  // Custom: the engine's own words for a board that cannot be.
  await page.click('#preset-picker label:has(input[value="custom"])');
  await page.locator('#custom-board[open]').waitFor();
  await page.fill('#custom-width', '9');
  await page.fill('#custom-height', '9');
  await page.fill('#custom-mines', '81');
  await page.click('#custom-start');
  assert.match(await page.textContent('#custom-error'), /81 mines do not fit on a 9×9 board/);
  await page.fill('#custom-mines', '20');
  await page.click('#custom-start');
  await page.click('#confirm-ok');
  await page.waitForFunction(() => window.gridplay.game().readouts().mines === 20);
  assert.equal(await page.isChecked('#preset-picker input[value="custom"]'), true);
  assert.equal(await page.evaluate(() => localStorage.getItem('gridplay.mines.board')), '9x9x20');
  assert.deepEqual(errors, []);
  await context.close();
});

test('phone: the 9×9 board sits between its rows with no empty band, stays put as the game ends, and the panel says the time once', async () => {
  const { context, page, errors } = await open(phone);
  const gaps = () => page.evaluate(() => {
    const box = (id) => document.getElementById(id).getBoundingClientRect();
    const board = box('mines-scroll');
    return { above: board.top - document.querySelector('.mines-status').getBoundingClientRect().bottom, below: box('how-to').top - board.bottom };
  });
  const { above, below } = await gaps();
  // The page's own spacing between rows (style.css's .app gap, at most 14 px), not a band.
  assert.ok(above <= 16 && below <= 16, `space above ${Math.round(above)} px and below ${Math.round(below)} px`);
  await touch(page, 40);
  const before = await page.locator('#board').boundingBox();
  const mines = await minesOf(page);
  await touch(page, mines[0]);
  assert.equal(await game(page, 'status'), 'lost');
  await page.locator('#game-over[open]').waitFor();
  assert.equal(await page.locator('#game-over .solved-facts dt', { hasText: 'Time' }).count(), 0, 'the time is the panel\'s line, once');
  assert.match(await page.textContent('#final-line'), /Time \d+:\d\d/);
  await page.tap('#game-over-close');
  assert.deepEqual(await page.locator('#board').boundingBox(), before, 'the board did not move as the game ended');
  assert.deepEqual(errors, []);
  await context.close();
});

test('phone: a held finger that drifts a little still flags; one that moves away shows why nothing came; Flag mode\'s instructions say what a tap does', async () => {
  const { context, page, errors } = await open(phone);
  await touch(page, 40);
  const hidden = await cells(page).then((c) => c.flatMap((code, i) => (code === HIDDEN ? [i] : [])));
  await touch(page, hidden[0], { held: true, dx: 9, dy: 8 });
  assert.equal((await cells(page))[hidden[0]], FLAG, 'a 12 px drift is still a long press');
  // A finger that moves away: no flag, and the square shows the press let go.
  const box = await cell(page, hidden[1]).boundingBox();
  const cdp = await page.context().newCDPSession(page);
  const at = (dx) => [{ x: box.x + box.width / 2 + dx, y: box.y + box.height / 2 }];
  // Watched from before the finger lands: the mark of a press let go lasts only a moment.
  await cell(page, hidden[1]).evaluate((b) => {
    window.pressBroken = false;
    new MutationObserver(() => { window.pressBroken ||= b.classList.contains('press-broken'); }).observe(b, { attributes: true, attributeFilter: ['class'] });
  });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0) });
  for (const dx of [10, 20, 30, 40]) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(dx) });
  assert.equal(await page.evaluate(() => window.pressBroken), true, 'the square shows the press was let go');
  // (A settle, past the time a long press takes: the finger is still down.)
  await page.waitForTimeout(500);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
  await settle(page);
  assert.equal((await cells(page))[hidden[1]], HIDDEN);
  // The instructions follow the mode.
  const howTo = () => page.$eval('#how-to', (p) => p.innerText);
  assert.match(await howTo(), /^Tap to dig, long-press or right-click to flag/);
  await page.tap('#mode');
  assert.match(await howTo(), /^Tap to flag, long-press to dig/);
  assert.doesNotMatch(await howTo(), /Tap to dig/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('Custom: one message in the game\'s words for the numbers in the form, from the engine, cleared as a field changes, never over Start', async () => {
  const { context, page, errors } = await open(phone);
  await page.tap('#preset-picker label:has(input[value="custom"])');
  await page.locator('#custom-board[open]').waitFor();
  const error = () => page.textContent('#custom-error');
  const tryBoard = async (width, height, mines) => {
    await page.fill('#custom-width', String(width));
    await page.fill('#custom-height', String(height));
    await page.fill('#custom-mines', String(mines));
    await page.tap('#custom-start');
    return error();
  };
  // Nothing but the page's line: no browser bubble stops the form first (it would say 2491).
  assert.equal(await tryBoard(9, 9, 5000), '5000 mines do not fit on a 9×9 board: at most 72 (every square but the first dig and the 8 around it).');
  assert.equal(await page.locator('#custom-board[open]').count(), 1, 'the form stays open');
  const startBox = await page.locator('#custom-start').boundingBox();
  const errorBox = await page.locator('#custom-error').boundingBox();
  assert.ok(errorBox.y + errorBox.height <= startBox.y, 'the message is above Start, not over it');
  assert.equal(await tryBoard(9, 9, 0), 'There must be at least 1 mine, got 0.');
  assert.equal(await tryBoard(3, 9, 10), 'The width must be 5 to 50 squares, got 3.');
  assert.equal(await tryBoard(5, 5, 24), '24 mines do not fit on a 5×5 board: at most 16 (every square but the first dig and the 8 around it).');
  // The next change to a field takes the message away; a field left says what is wrong now.
  await page.locator('#custom-mines').pressSequentially('0');
  assert.equal(await error(), '');
  await page.fill('#custom-mines', '');
  await page.locator('#custom-mines').dispatchEvent('change');
  assert.equal(await error(), 'Fill in the number of mines.');
  assert.equal(await tryBoard(5, 5, 8), '');
  await page.locator('#custom-board[open]').waitFor({ state: 'detached' });
  await page.waitForFunction(() => window.gridplay.game().readouts().mines === 8);
  assert.deepEqual(errors, []);
  await context.close();
});

for (const [name, options] of [['phone', phone], ['phone sideways', phoneLandscape]]) {
  test(`${name}, Expert: squares a finger can hit, the board clear of every control, and its edges show there is more board`, async () => {
    const { context, page, errors } = await open(options, { 'gridplay.mines.board': '30x16x99' });
    await cell(page, 8 * 30 + 15).scrollIntoViewIfNeeded();
    await touch(page, 8 * 30 + 15);
    assert.equal(await game(page, 'status'), 'playing');
    const size = await cell(page, 0).boundingBox();
    assert.ok(size.width >= 32 && size.height >= 32, `squares of ${size.width}×${size.height} px`);
    const frame = await page.locator('#mines-scroll').boundingBox();
    for (const label of await page.locator('#preset-picker label, #mode, #new-game').all()) {
      const box = await label.boundingBox();
      const overlaps = box.x < frame.x + frame.width && frame.x < box.x + box.width && box.y < frame.y + frame.height && frame.y < box.y + box.height;
      assert.ok(!overlaps, `${await label.innerText()} is clear of the board`);
      assert.ok(box.x >= 0 && box.x + box.width <= options.viewport.width, `${await label.innerText()} is on screen`);
    }
    // The frame marks the sides past which there is more board, and only those.
    const edges = () => page.$eval('#mines-scroll', (s) => ['left', 'right', 'up', 'down'].filter((side) => s.classList.contains(`more-${side}`)));
    // Scroll events come a frame later: wait for the marks to follow.
    const marked = (want) => page.waitForFunction((sides) => {
      const s = document.getElementById('mines-scroll');
      return Object.entries(sides).every(([side, more]) => s.classList.contains(`more-${side}`) === more);
    }, want, { timeout: 60_000 }).then(() => true, () => false);
    await page.$eval('#mines-scroll', (s) => s.scrollTo({ left: 0, top: 0 }));
    assert.ok(await marked({ left: false, right: true, up: false }), `at the start, more to the right only: ${await edges()}`);
    await page.$eval('#mines-scroll', (s) => s.scrollTo({ left: s.scrollWidth }));
    assert.ok(await marked({ left: true, right: false }), `scrolled to the end, more to the left only: ${await edges()}`);
    const faded = await page.$eval('#mines-scroll', (s) => getComputedStyle(s).maskImage);
    assert.match(faded, /transparent|rgba\(0, 0, 0, 0\)/, 'the edge with more board fades');
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('a no-guess board the engine says needs a guess is said at the first dig, with a way to a new board', async () => {
  const { context, page, errors } = await open(phone);
  assert.equal((await page.evaluate(() => window.gridplay.game().readouts())).dug, false, 'nothing placed, nothing to say yet');
  assert.equal(await game(page, 'caution'), null);
  // Every board measured is made guess-free; the engine's caution when its generator gives up
  // (its words tested in Rust) is stood in for here, to see what the page does with it.
  await page.evaluate(() => {
    // (None before the first dig, while no square is open.)
    Object.getPrototypeOf(window.gridplay.game()).caution = function caution() {
      return this.cells().some((code) => code <= 8) ? 'Somewhere on this one you will have to guess.' : null;
    };
  });
  await touch(page, 40);
  const notice = page.locator('.notice[data-notice="caution"]');
  await notice.waitFor({ state: 'visible' });
  assert.match(await notice.textContent(), /you will have to guess/);
  // A flag (a long press on a hidden square) is a move too: the caution is not said again.
  const hidden = await page.evaluate(() => {
    const field = window.gridplay.game();
    return field.cells().indexOf(field.constructor.cellCodes().hidden);
  });
  await touch(page, hidden, { held: true });
  await page.waitForFunction(() => window.gridplay.game().moveCount() === 2);
  assert.equal(await notice.count(), 1, 'said once a deal');
  await notice.locator('.notice-action').click();
  await page.click('#confirm-ok');
  await page.waitForFunction(() => window.gridplay.game().moveCount() === 0);
  assert.equal(await notice.count(), 0, 'gone with the board it was about');
  assert.deepEqual(errors, []);
  await context.close();
});

/** True iff the game in the page is its deal with its first dig at `cell`, as the engine digs it. */
const firstDugAt = (page, cell) => page.evaluate((c) => {
  const Minefield = window.gridplay.game().constructor;
  const copy = Minefield.fromLink(window.gridplay.game().link());
  copy.play({ x: c % copy.width(), y: Math.floor(c / copy.width()), act: 'dig' });
  const same = JSON.stringify(copy.cells()) === JSON.stringify(window.gridplay.game().cells());
  copy.free();
  return same;
}, cell);

test('keys without a pointer: Enter and Space act on the square that has the focus, however it got there', async () => {
  const { context, page, errors } = await open(desktop, {}, 'mines.html#9x9x10/seed=7');
  const moves = () => game(page, 'moveCount');
  // Focus put on row 5, column 5 the way a screen reader's cursor or a script puts it, while
  // the cursor's square is elsewhere: Enter digs there, once.
  await cell(page, 0).evaluate((square) => square.focus());
  await cell(page, 40).evaluate((square) => square.focus());
  await page.keyboard.press('Enter');
  await settle(page);
  assert.equal(await moves(), 1, 'one dig');
  assert.ok(await firstDugAt(page, 40), 'the first dig was the focused square, row 5, column 5');
  // Space on another focused square flags that square, and nothing else.
  const mines = await minesOf(page);
  const mine = mines.find((c) => c !== 40);
  await cell(page, mine).evaluate((square) => square.focus());
  await page.keyboard.press(' ');
  await settle(page);
  assert.equal((await cells(page))[mine], FLAG);
  assert.equal(await moves(), 2);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a click no pointer made (a screen reader\'s browse mode, voice control, switch access) digs the square, once, in Flag mode too; a mouse\'s click still digs once', async () => {
  const { context, page, errors } = await open(desktop, {}, 'mines.html#9x9x10/seed=7');
  const moves = () => game(page, 'moveCount');
  await cell(page, 40).evaluate((square) => square.click());
  await settle(page);
  assert.equal(await moves(), 1, 'one dig');
  assert.ok(await firstDugAt(page, 40), 'the first dig was the square clicked');
  const mines = await minesOf(page);
  const next = (await cells(page)).findIndex((code, c) => code === HIDDEN && !mines.includes(c));
  await cell(page, next).click();
  await settle(page);
  assert.equal(await moves(), 2);
  assert.notEqual((await cells(page))[next], HIDDEN);
  // In Flag mode too, such a click digs: it is Enter on the square, and Flag mode is a finger's.
  await page.click('#mode');
  assert.equal(await page.getAttribute('#mode', 'aria-pressed'), 'true');
  const third = (await cells(page)).findIndex((code, c) => code === HIDDEN && !mines.includes(c));
  await cell(page, third).evaluate((square) => square.click());
  await settle(page);
  assert.equal(await moves(), 3);
  assert.notEqual((await cells(page))[third], HIDDEN, 'dug, not flagged');
  assert.deepEqual(errors, []);
  await context.close();
});

test('Custom by keys: what is wrong is said as typing pauses, without leaving the field, and Enter starts the board', async () => {
  const { context, page, errors } = await open(desktop);
  await page.click('#preset-picker label:has(input[value="custom"])');
  await page.locator('#custom-board[open]').waitFor();
  await page.locator('#custom-width').focus();
  await page.keyboard.press('Control+a');
  await page.keyboard.type('60');
  await page.waitForFunction(() => document.getElementById('custom-error').textContent === 'The width must be 5 to 50 squares, got 60.');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'custom-width', 'said while still in the field');
  // Enter on a board that cannot be keeps the form open; on one that can, it starts it.
  await page.keyboard.press('Enter');
  assert.equal(await page.locator('#custom-board[open]').count(), 1);
  await page.keyboard.press('Control+a');
  await page.keyboard.type('12');
  await page.keyboard.press('Enter');
  await page.locator('#custom-board[open]').waitFor({ state: 'detached' });
  await page.waitForFunction(() => window.gridplay.game().width() === 12);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a custom board of one mine says "1 mine", as the game starts and in the end panel', async () => {
  const { context, page, errors } = await open(desktop, {}, 'mines.html#5x5x1/seed=3');
  assert.match(await page.textContent('#announcer'), /\b1 mine\. Dig any square/);
  // The middle square first: on this deal it opens the whole board.
  await cell(page, 12).click();
  await settle(page);
  // Dug until cleared: the panel's board line.
  while (await page.evaluate(() => window.gridplay.game().status()) === 'playing') {
    // A hidden square whose dig, tried on a copy, is no mine.
    const safe = await page.evaluate((hidden) => {
      const game = window.gridplay.game();
      const cells = [...game.cells()];
      for (let c = 0; c < cells.length; c += 1) {
        if (cells[c] !== hidden) continue;
        const copy = game.constructor.load(game.save());
        const found = copy.onSquare('dig', c);
        const ok = found.ok && copy.play(found.move).ok && copy.status() !== 'lost';
        copy.free();
        if (ok) return c;
      }
      return -1;
    }, HIDDEN);
    if (safe < 0) break;
    await cell(page, safe).click();
    await settle(page);
  }
  await page.locator('#game-over[open]').waitFor();
  const panel = await page.textContent('#game-over');
  assert.match(panel, /Custom, 5×5, 1 mine(?!s)/);
  // Opened whole by the dig that started the clock: won, with no time to rank, so no best.
  assert.equal(await page.evaluate(() => window.gridplay.game().moveCount()), 1, 'a one-dig win');
  assert.match(panel, /Best\s*–/, 'no best of 0:00');
  assert.equal(await page.evaluate(() => localStorage.getItem('gridplay.mines.best.5x5x1')), null);
  // The stats and Your games name the board in words, not by its link's "5x5x1".
  await page.keyboard.press('Escape'); // See board
  await page.locator('#game-over').waitFor({ state: 'hidden' });
  await page.click('#stats-button');
  await page.locator('#stats[open] .your-games li').first().waitFor();
  const stats = await page.textContent('#stats');
  assert.match(stats, /Custom 5×5, 1 mine(?!s)/);
  assert.doesNotMatch(stats, /5x5x1/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a phone on its side: Dig and Hint cover neither the MINES nor the TIME label', async () => {
  const { context, page, errors } = await open(phoneLandscape, {}, 'mines.html#9x9x10/seed=5');
  await page.waitForFunction(() => window.gridplay.helpersReady());
  const boxes = await page.evaluate(() => ['#mode', '#hint', '#mines-left-label', '#clock-label']
    .map((selector) => document.querySelector(selector).getBoundingClientRect().toJSON()));
  const overlap = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  for (const button of boxes.slice(0, 2)) {
    for (const label of boxes.slice(2)) assert.ok(!overlap(button, label), JSON.stringify({ button, label }));
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('a board dealt without the no-guessing promise says so from the start, and New game there deals one with it', async () => {
  const { context, page, errors } = await open(desktop, {}, 'mines.html#9x9x30/no-guess=0/seed=13');
  const notice = page.locator('.notice[data-notice="caution"]');
  await notice.waitFor({ state: 'visible' });
  assert.match(await notice.textContent(), /^This board was dealt without the no-guessing promise: somewhere on it you may have to guess\./);
  assert.equal(await page.evaluate(() => window.gridplay.game().moveCount()), 0, 'before any dig');
  await notice.getByRole('button', { name: 'New game' }).click();
  await page.waitForFunction(() => !window.gridplay.game().link().includes('no-guess=0'));
  await notice.waitFor({ state: 'detached' });
  assert.equal(await page.evaluate(() => window.gridplay.game().caution()), null);
  assert.deepEqual(errors, []);
  await context.close();
});

// Notices (#notices, ui/ui.js) as a player meets them: an informational one goes away by
// itself (not while the pointer is on it or focus is in it), none ever lies over a control,
// and a game's notice does not follow the player to another page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { desktop, fifteenSolution, openPage, phone, phoneLandscape, settle, useBrowser } from './harness.mjs';

const env = useBrowser();

async function waitForRoute(page, name) {
  await page.waitForFunction((want) => window.gridplay && window.gridplay.route() === want
    && (want === 'home' || window.gridplay.game()), name);
}

/** Every visible control outside the notices that some notice lies over (ids or text). */
function coveredControls(page) {
  return page.evaluate(() => {
    const notices = [...document.querySelectorAll('.notice')].map((n) => n.getBoundingClientRect());
    const overlaps = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    // What is seen of it: a board that scrolls in its frame (Minesweeper's) is seen through it.
    const seen = (el) => {
      const box = el.getBoundingClientRect();
      const frame = el.closest('.mines-scroll')?.getBoundingClientRect();
      return frame ? { left: Math.max(box.left, frame.left), right: Math.min(box.right, frame.right), top: Math.max(box.top, frame.top), bottom: Math.min(box.bottom, frame.bottom) } : box;
    };
    return [...document.querySelectorAll('a, button, input, h1, #board')]
      .filter((el) => !el.closest('.notices, dialog') && el.getClientRects().length > 0)
      .filter((el) => notices.some((n) => overlaps(n, seen(el))))
      .map((el) => el.id || el.textContent.trim());
  });
}

/** Waits until every notice has finished coming in (its entrance animation, however late its
 * frames come on a busy machine). */
function noticesIn(page) {
  return page.evaluate(() => Promise.all([...document.querySelectorAll('.notice')]
    .flatMap((notice) => notice.getAnimations()).map((animation) => animation.finished.catch(() => {}))));
}

test('phone: a bad link\'s notice covers no control, Settings opens at a tap, and the notice goes by itself', async () => {
  const { context, page, errors } = await openPage(env.browser, `${env.server.url}threes.html#seed=zzz`, phone);
  await waitForRoute(page, 'threes');
  const notice = page.locator('.notice[data-notice="bad-link"]');
  await notice.waitFor({ state: 'visible' });
  assert.deepEqual(await coveredControls(page), []);
  // A finger on Settings, where the player sees it, opens it.
  const box = await page.locator('#settings-button').boundingBox();
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  await page.locator('#settings').waitFor({ state: 'visible' });
  await page.click('#settings-close');
  // Nobody touched it: it goes (a few seconds; the bound is only "not for ever").
  await notice.waitFor({ state: 'detached', timeout: 60_000 });
  assert.deepEqual(errors, []);
  await context.close();
});

test('small phone: on the day\'s Fifteen a hint\'s notice over the day\'s shows alone, covering neither Undo, Hint nor Solve', async () => {
  const small = { ...phone, viewport: { width: 360, height: 640 } };
  const { context, page, errors } = await openPage(env.browser, `${env.server.url}fifteen.html#daily`, small);
  await waitForRoute(page, 'fifteen');
  await page.locator('.notice[data-notice="daily-open"]').waitFor({ state: 'visible' });
  await page.locator('#hint').tap();
  await page.locator('.notice[data-notice="standing"]').waitFor({ state: 'visible' });
  await noticesIn(page);
  const shown = await page.evaluate(() => [...document.querySelectorAll('.notice')]
    .filter((notice) => notice.getClientRects().length > 0).map((notice) => notice.dataset.notice));
  assert.deepEqual(shown, ['standing'], 'the newest notice alone');
  assert.deepEqual(await coveredControls(page), []);
  // Dismissed, the one it hid shows again (it has not gone by itself yet: the pointer was on
  // neither, but its time is longer than this test's few steps).
  await page.locator('.notice[data-notice="standing"] .notice-dismiss').tap();
  // (A tap's click comes after the touch: on a busy machine, a while after.)
  await page.locator('.notice[data-notice="standing"]').waitFor({ state: 'detached' });
  // Read at one moment: whether it lasts, and whether it shows.
  const again = await page.evaluate(() => {
    const notice = document.querySelector('.notice[data-notice="daily-open"]');
    return notice ? notice.getClientRects().length > 0 : 'gone';
  });
  assert.ok(again === true || again === 'gone', 'the day\'s notice shows again while it lasts');
  assert.deepEqual(errors, []);
  await context.close();
});

test('desktop: "Link copied" goes by itself, stays while pointed at or focused, and never follows to another page', async () => {
  const { context, page, errors } = await openPage(env.browser, `${env.server.url}2048.html#seed=31`, desktop);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.server.url });
  await waitForRoute(page, '2048');
  const copied = page.locator('.notice[data-notice="shared"]');

  // How long it stays on its own, on the page's clock, from the moment it is put up to the
  // moment it goes: however late the test looks, and however busy the machine (which can only
  // make a notice's time longer).
  await page.evaluate(() => {
    const notices = document.getElementById('notices');
    window.sharedNotice = {};
    new MutationObserver(() => {
      const there = Boolean(notices.querySelector('.notice[data-notice="shared"]'));
      if (there) window.sharedNotice.up ??= performance.now();
      else if (window.sharedNotice.up !== undefined) window.sharedNotice.gone ??= performance.now();
    }).observe(notices, { childList: true });
  });
  await page.click('#share');
  await copied.waitFor({ state: 'visible' });
  assert.deepEqual(await coveredControls(page), []);
  await copied.waitFor({ state: 'detached', timeout: 60_000 });
  const { up, gone } = await page.evaluate(() => window.sharedNotice);
  const lasts = Math.round(gone - up);
  assert.ok(lasts >= 2000, `long enough to read (${lasts} ms)`);

  // Pointed at, it stays well past that; let go, it still goes.
  await page.click('#share');
  await copied.hover();
  await page.waitForTimeout(lasts + 1500);
  assert.equal(await copied.count(), 1, 'stays while the pointer is on it');
  await page.mouse.move(5, 700);
  await copied.waitFor({ state: 'detached', timeout: 60_000 });

  // Focused (a keyboard player reaching its Dismiss button), the same.
  await page.click('#share');
  await copied.locator('.notice-dismiss').focus();
  await page.mouse.move(5, 700);
  await page.waitForTimeout(lasts + 1500);
  assert.equal(await copied.count(), 1, 'stays while focus is in it');
  await page.locator('#board').focus();
  await copied.waitFor({ state: 'detached', timeout: 60_000 });

  // Leaving the game takes its notice away at once.
  await page.click('#share');
  await copied.waitFor({ state: 'visible' });
  await page.click('#home-link');
  await waitForRoute(page, 'home');
  assert.equal(await copied.count(), 0, 'no "Link copied" on the home page');
  assert.deepEqual(errors, []);
  await context.close();
});

for (const [name, options] of [['phone', phone], ['phone sideways', phoneLandscape], ['desktop', desktop]]) {
  test(`${name}: a notice comes and goes without moving the board, and lies over no square of it`, async () => {
    const { context, page, errors } = await openPage(env.browser, `${env.server.url}mines.html`, options);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.server.url });
    await waitForRoute(page, 'mines');
    const board = () => page.locator('#board').boundingBox();
    const before = await board();
    await page.click('#share');
    const copied = page.locator('.notice[data-notice="shared"]');
    await copied.waitFor({ state: 'visible' });
    assert.match(await copied.textContent(), /gets the same board\./, 'in the game\'s own words');
    assert.deepEqual(await board(), before, 'the board stays put as the notice comes');
    assert.ok(!(await coveredControls(page)).includes('board'), 'the notice is not over the board');
    await copied.locator('.notice-dismiss').click();
    await copied.waitFor({ state: 'detached' });
    assert.deepEqual(await board(), before, 'and as it goes');
    assert.deepEqual(errors, []);
    await context.close();
  });
}

// A phone held upright: a notice floats at the foot, under the board and the game's controls,
// on the small phones too (667 and 640 px tall), where the foot has least room, with the longest
// notices a game opens with (the day's; tic-tac-toe has none: a bad link's). The how-to line is
// text, not a control: a notice may lie over it a while.
for (const viewport of [{ width: 390, height: 844 }, { width: 375, height: 667 }, { width: 360, height: 640 }]) {
  test(`${viewport.width}×${viewport.height}: a game's opening notice covers none of its controls`, async () => {
    for (const route of ['threes', '2048', 'fifteen', 'mines', 'tictactoe']) {
      const { context, page, errors } = await openPage(env.browser, `${env.server.url}${route}.html#daily`, { ...phone, viewport });
      await waitForRoute(page, route);
      const notice = page.locator('.notice');
      await notice.first().waitFor({ state: 'visible' });
      await noticesIn(page);
      assert.deepEqual(await coveredControls(page), [], `${route}: nothing under the notice`);
      assert.deepEqual(errors, []);
      await context.close();
    }
  });
}

// The day's deal opens with a notice. On a screen short and wide (a phone on its side, a
// 1280×800 window at 200 %) the header is a column beside the board, every part of it a
// control: the notice takes a place in that column and covers neither the title, New game,
// Share, Settings nor the board, nor moves the board as it comes and goes. (Tic-tac-toe has no
// day's deal: its notice is the one that says so.)
const zoomed = { viewport: { width: 640, height: 400 }, deviceScaleFactor: 2 };
for (const [name, options] of [['phone sideways', phoneLandscape], ['200 %', zoomed]]) {
  test(`${name}: the day's notice covers no control and moves no board`, async () => {
    for (const route of ['threes', '2048', 'fifteen', 'mines', 'tictactoe']) {
      const { context, page, errors } = await openPage(env.browser, `${env.server.url}${route}.html#daily`, options);
      await waitForRoute(page, route);
      const notice = page.locator(`.notice[data-notice="${route === 'tictactoe' ? 'bad-link' : 'daily-open'}"]`);
      await notice.waitFor({ state: 'visible' });
      await noticesIn(page);
      assert.deepEqual(await coveredControls(page), [], `${route}: nothing under the notice`);
      const box = await notice.boundingBox();
      assert.ok(box.y >= 0 && box.y + box.height <= options.viewport.height, `${route}: the notice is on the screen`);
      const board = await page.locator('#board').boundingBox();
      await notice.locator('.notice-dismiss').click();
      await notice.waitFor({ state: 'detached' });
      assert.deepEqual(await page.locator('#board').boundingBox(), board, `${route}: the board stays put`);
      assert.deepEqual(errors, []);
      await context.close();
    }
  });
}

test('a notice never says what is no longer so: Share after "Copy a replay link" says the deal\'s link was copied', async () => {
  const { context, page, errors } = await openPage(env.browser, `${env.server.url}fifteen.html#size=3/seed=2024`, desktop);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.server.url });
  await page.waitForFunction(() => location.pathname.endsWith('/fifteen.html') && location.hash === '' && window.gridplay.game()?.width() === 3);
  const solution = await fifteenSolution(page);
  for (const tile of solution) {
    await page.click(`#tiles [data-tile="${tile}"]`);
    await settle(page);
  }
  await page.locator('#game-over').waitFor({ state: 'visible' });
  await page.click('#game-over-copy-replay');
  const copied = page.locator('.notice[data-notice="shared"] .notice-text');
  await page.waitForFunction(() => /^Replay link copied/.test(document.querySelector('.notice[data-notice="shared"]')?.textContent ?? ''));
  await page.click('#share');
  await page.waitForFunction(() => /^Link to this deal copied/.test(document.querySelector('.notice[data-notice="shared"]')?.textContent ?? ''));
  assert.equal(await copied.count(), 1, 'one notice, saying what the clipboard holds');
  assert.match(await page.evaluate(() => navigator.clipboard.readText()), /\/fifteen\.html#size=3\/seed=2024$/);
  assert.deepEqual(errors, []);
  await context.close();
});

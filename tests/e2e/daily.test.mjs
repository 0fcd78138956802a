// The day's deal (features/daily.js), on a fixed clock: the same deal for everyone on a calendar day
// (dailySeed's formula, worked out here on its own), kept apart from the free game, one result
// a day kept and shared as text, the streak, and home's list of the day's deals.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readGames } from '../../scripts/games.mjs';
import { desktop, keepCopies, newPage, noticeShown, phone, settle, showPage, swipe, useBrowser } from './harness.mjs';

const env = useBrowser();

/** The formula of docs/api.md: FNV-1a, 32 bits, of gridplay/<game>/<date>. */
const dailySeed = (game, date) => [...Buffer.from(`gridplay/${game}/${date}`, 'utf8')]
  .reduce((hash, byte) => Math.imul(hash ^ byte, 16777619) >>> 0, 2166136261);

/** A page whose clock says `when` (local time), at `hash` (a desktop's unless `options` say). */
async function openAt(when, hash, { context = null, options = desktop } = {}) {
  const opened = context ? { context, page: await context.newPage(), errors: [] } : await newPage(env.browser, options);
  if (context) opened.page.on('pageerror', (error) => opened.errors.push(String(error)));
  await opened.page.clock.setFixedTime(new Date(when));
  await showPage(opened.page, `${env.server.url}${hash}`);
  return opened;
}

/**
 * Today's Threes one move from its end, as a player would have left it, and the page reloaded
 * on it: the direction that ends it, and the save it is at.
 */
async function oneMoveFromItsEnd(page) {
  const moves = await page.evaluate(() => {
    const Game = window.gridplay.game().constructor;
    const game = Game.fromLink(window.gridplay.game().link());
    const directions = ['left', 'up', 'right', 'down'];
    for (let i = 0; game.status() === 'playing'; i += 1) game.play(directions[i % 4]).ok || game.play(directions[(i + 1) % 4]).ok;
    const finish = game.lastMove().direction;
    game.undo();
    localStorage.setItem('gridplay.threes.daily.save', game.save());
    return [finish, game.save()];
  });
  await keepCopies(page);
  await page.reload();
  await page.waitForFunction(() => window.gridplay?.game());
  // Played once the page has settled on the game it read (its copy checked against its record).
  await page.evaluate(() => window.gridplay.idle());
  return moves;
}

const game = (page) => page.evaluate(() => ({ save: window.gridplay.game().save(), seed: window.gridplay.game().seed() }));

test('the day\'s deal: the same seed for a calendar day, another the next; kept apart from the game in play, which it never asks to replace', async () => {
  const { context, page, errors } = await openAt('2026-11-25T09:30:00', '2048.html');
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  for (const key of ['ArrowLeft', 'ArrowUp', 'ArrowRight']) await page.keyboard.press(key);
  await settle(page);
  const inPlay = await game(page);
  // From the game: the bar's Today goes to the day's deal.
  assert.equal(await page.getAttribute('#day-link', 'href'), '2048.html#daily');
  await page.click('#day-link');
  await page.waitForFunction(() => location.pathname.endsWith('/2048.html') && location.hash === '#daily' && window.gridplay.game()?.moveCount() === 0);
  assert.equal((await game(page)).seed, dailySeed('2048', '2026-11-25'));
  assert.equal(await page.getAttribute('#day-link', 'aria-current'), 'page');
  // The heading says it is the day's deal, on a phone too, where the bar's link is an icon.
  assert.equal(await page.textContent('#title'), 'Today’s deal 2048');
  assert.equal(await page.locator('.title-day').isVisible(), true);
  assert.match(await page.textContent('.notice[data-notice="daily-open"]'), /^Today’s deal, 25 November 2026: the same 2048 for everyone today/);
  assert.equal(await page.locator('#confirm-dialog').isVisible(), false, 'nothing asked');
  await page.keyboard.press('ArrowDown');
  await settle(page);
  const daily = await game(page);
  await page.evaluate(() => window.gridplay.idle());
  assert.equal(await page.evaluate(() => localStorage.getItem('gridplay.2048.daily.save')), daily.save);
  assert.equal(await page.evaluate(() => localStorage.getItem('gridplay.2048.save')), inPlay.save, 'the game in play, untouched');
  // Back to the game in play, as it was; and to the day's deal again, as it was.
  await page.click('#day-link');
  await page.waitForFunction(() => location.pathname.endsWith('/2048.html') && location.hash === '');
  await page.waitForFunction((save) => window.gridplay.game()?.save() === save, inPlay.save);
  assert.equal(await page.textContent('#title'), '2048');
  await page.goto(`${env.server.url}2048.html#daily`);
  await page.waitForFunction((save) => window.gridplay.game()?.save() === save, daily.save);
  // Before anything is finished, Share gives the link to the day's deal.
  await page.click('#share');
  await noticeShown(page, 'shared');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), `${env.server.url}2048.html#daily=2026-11-25`);
  await context.close();

  // Yesterday's deal, begun and left.
  const before = await openAt('2026-11-25T23:50:00', '2048.html#daily');
  await before.page.keyboard.press('ArrowLeft');
  await settle(before.page);
  await before.page.close();
  // The next day: another deal, and yesterday's kept game gives way to it, in so many words.
  const next = await openAt('2026-11-26T08:00:00', '2048.html#daily', { context: before.context });
  assert.match(await next.page.textContent('.notice[data-notice="daily-open"] .notice-text'), /The day’s deal you left unfinished is over\.$/);
  assert.equal((await game(next.page)).seed, dailySeed('2048', '2026-11-26'));
  assert.equal((await game(next.page)).save.split('.')[3], '0', 'a fresh deal');
  // Another day's link plays that day's deal as a shared deal, in the free game.
  await next.page.goto(`${env.server.url}fifteen.html#daily=2026-11-20`);
  await next.page.waitForFunction((seed) => window.gridplay.game()?.seed() === seed, dailySeed('fifteen', '2026-11-20'));
  assert.equal(await next.page.evaluate(() => window.gridplay.game().width()), 4);
  assert.equal(await next.page.getAttribute('#size-picker', 'aria-disabled'), null, 'the free game\'s picker');
  await next.page.goto(`${env.server.url}fifteen.html#daily`);
  await next.page.waitForFunction((seed) => window.gridplay.game()?.seed() === seed, dailySeed('fifteen', '2026-11-26'));
  assert.equal(await next.page.getAttribute('#size-picker', 'aria-disabled'), 'true', 'the day\'s deal has its own size');
  // A pick there says why nothing changes, and where another size is played.
  const deal = await game(next.page);
  // (Forced: Playwright waits for an element under aria-disabled to be enabled; a finger does not.)
  await next.page.click('#size-picker label:has(input[value="3"])', { force: true });
  const why = next.page.locator('.notice[data-notice="one-deal"]');
  await why.waitFor();
  assert.match(await why.textContent(), /Today’s deal is the same for everyone, played as dealt/);
  assert.deepEqual(await game(next.page), deal, 'the day\'s deal as it was');
  assert.equal(await next.page.evaluate(() => document.querySelector('#size-picker input:checked').value), '4', 'its own size shown');
  await why.locator('.notice-action').click();
  await next.page.waitForFunction(() => location.pathname.endsWith('/fifteen.html') && location.hash === '' && window.gridplay.route() === 'fifteen');
  await next.page.waitForFunction(() => window.gridplay.game()?.seed() !== undefined);
  assert.equal(await next.page.getAttribute('#size-picker', 'aria-disabled'), null, 'the player\'s own game, any size');
  assert.deepEqual([...errors, ...before.errors, ...next.errors], []);
  await next.context.close();
});

test('one result a day: the first finished attempt is kept, said with the streak, shared as text; home lists the day\'s deals', async () => {
  const { context, page, errors } = await openAt('2026-11-25T20:00:00', 'threes.html#daily');
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const [last, lastButOne] = await oneMoveFromItsEnd(page);
  const finish = { up: 'ArrowUp', down: 'ArrowDown', left: 'ArrowLeft', right: 'ArrowRight' }[last];
  await page.keyboard.press(finish);
  // The game-over panel says it is the day's result, with the streak, in front of everything.
  const note = page.locator('#game-over[open] #game-over-note');
  await note.waitFor();
  assert.equal(await note.locator('span').textContent(), 'Today’s result, kept. Days in a row: 1.');
  // And it is said with the end, where a screen reader hears it.
  assert.match(await page.textContent('#announcer'), /^No more moves\. Final score \d+\. Today’s result, kept\. Days in a row: 1\.$/);
  assert.equal(await page.locator('.notice[data-notice="daily"]').count(), 0, 'no notice behind the panel');
  const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('gridplay.daily.results')));
  assert.deepEqual(Object.keys(kept), ['threes/2026-11-25']);
  await note.getByRole('button', { name: 'Share result' }).click();
  await noticeShown(page, 'shared');
  const text = await page.evaluate(() => navigator.clipboard.readText());
  assert.match(text, new RegExp(`^Gridplay Threes, 25 November 2026: No more moves\\. Final score \\d+\\. \\(\\d+ moves\\) ${env.server.url.replace(/[.]/g, '\\.')}threes\\.html#daily=2026-11-25$`));
  // Its replay, watched from the day's deal, closes back to the day's deal, not to your game.
  const finished = await game(page);
  await page.click('#game-over-replay');
  await page.waitForSelector('.replay-bar');
  assert.ok(page.url().endsWith(`threes.html#daily/replay=${finished.save}`), page.url());
  assert.equal((await game(page)).seed, dailySeed('threes', '2026-11-25'));
  // (The notices sit over the foot of the page: the player puts them away first.)
  while (await page.locator('.notice-dismiss').count() > 0) await page.locator('.notice-dismiss').first().click();
  await page.locator('.replay-bar').getByRole('button', { name: 'Close' }).click();
  await page.waitForFunction(() => !document.querySelector('.replay-bar'));
  assert.ok(page.url().endsWith('threes.html#daily'), page.url());
  assert.deepEqual(await game(page), finished, 'the day\'s game, as it was');
  await page.click('.ended-show');
  // Another go (New game deals the same deal again) is practice, and says so; ending it keeps
  // the first go's result, and its replay (the first go's save is kept with it), and the stats
  // count it apart from the player's own.
  await page.click('#game-over-new');
  await page.waitForFunction(() => window.gridplay.game().moveCount() === 0);
  assert.equal((await game(page)).seed, dailySeed('threes', '2026-11-25'));
  assert.match(await page.textContent('.notice[data-notice="daily"]'), /^Another go at today’s Threes: practice, and your first go stays today’s result\./);
  await page.evaluate(() => window.gridplay.idle());
  await page.evaluate((save) => localStorage.setItem('gridplay.threes.daily.save', save), lastButOne);
  await keepCopies(page);
  await page.reload();
  await page.waitForFunction(() => window.gridplay?.game()?.moveCount() > 0);
  assert.match(await page.textContent('.notice[data-notice="daily-open"]'), /^Today’s Threes again: your first go, “No more moves\. Final score \d+\.”, stays today’s result; this one is practice\./);
  await page.keyboard.press(finish);
  await note.waitFor();
  assert.match(await note.locator('span').textContent(), /^Practice: today’s result is your first go, “No more moves\. Final score \d+\.”$/);
  assert.match(await page.textContent('#game-over-standing'), /^Practice \(at a deal you had finished or watched before\)/);
  await page.evaluate(() => window.gridplay.idle());
  const counted = await page.evaluate(() => JSON.parse(localStorage.getItem('gridplay.stats')).threes);
  assert.deepEqual([counted.played, counted.apart.practice], [1, 1], 'the second go is counted apart, not as played');
  assert.deepEqual(await note.getByRole('button').allTextContents(), ['Watch your first go', 'Share result']);
  assert.deepEqual(await page.evaluate(() => JSON.parse(localStorage.getItem('gridplay.daily.results'))), kept, 'the first go\'s result');
  assert.equal(kept['threes/2026-11-25'].save, finished.save);
  await note.getByRole('button', { name: 'Watch your first go' }).click();
  await page.waitForSelector('.replay-bar');
  assert.ok(page.url().endsWith(`threes.html#daily/replay=${finished.save}`), page.url());
  // Home: the day's deals, Threes played with its result, the others not yet.
  await page.goto(`${env.server.url}`);
  await page.waitForSelector('.today-link');
  const today = await page.$$eval('.today-link', (links) => links.map((a) => [a.dataset.game, a.dataset.played, a.getAttribute('href')]));
  // Every game of the list with a day's deal, in its order; only Threes played.
  assert.deepEqual(today, readGames().filter((g) => g.daily).map((g) => [g.route, String(g.route === 'threes'), `${g.route}.html#daily`]));
  assert.match(await page.textContent('.today-link[data-game="threes"] .today-status'), /^No more moves\. Final score \d+\.$/);
  assert.equal(await page.textContent('#today-streak'), 'Day’s deals played 1 day in a row.');
  assert.deepEqual(errors, []);

  // The next day the streak still counts yesterday until today is played; a day missed ends it.
  const next = await openAt('2026-11-26T07:00:00', '', { context });
  assert.equal(await next.page.textContent('#today-streak'), 'Day’s deals played 1 day in a row.');
  await next.page.clock.setFixedTime(new Date('2026-11-28T07:00:00'));
  await next.page.reload();
  await next.page.waitForSelector('.today-link');
  assert.equal(await next.page.textContent('#today-streak'), '');
  assert.deepEqual(next.errors, []);
  await context.close();
});

test('a day\'s deal finished by the solver is the day\'s result with help: it says so, and makes no day of the streak', async () => {
  const { context, page, errors } = await openAt('2026-11-25T20:00:00', 'fifteen.html#daily');
  await page.waitForFunction(() => window.gridplay.helpersReady());
  await page.click('#solve');
  // The game-over panel says so.
  const note = page.locator('#game-over[open] #game-over-note');
  await note.waitFor({ timeout: 60000 });
  assert.equal(await note.locator('span').textContent(), 'Today’s result, kept, with help: it makes no day of your streak. Days in a row: 0.');
  assert.match(await page.textContent('#game-over-standing'), /^With help \(\d+ moves by the solver\)/);
  assert.equal(await page.evaluate(() => window.gridplay.game().status()), 'won');
  const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('gridplay.daily.results')));
  assert.equal(kept['fifteen/2026-11-25'].standing, 'assisted');
  assert.match(kept['fifteen/2026-11-25'].help, /^\d+ moves by the solver$/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('on a phone the game-over panel\'s replay offers take whole lines, not the right-hand column', async () => {
  const { context, page, errors } = await openAt('2026-11-25T20:00:00', 'threes.html#daily', { options: phone });
  const [finish, lastButOne] = await oneMoveFromItsEnd(page);
  assert.equal((await game(page)).save, lastButOne, 'the reloaded page shows the game one move from its end');
  await swipe(page, finish);
  await page.evaluate(() => window.gridplay.idle());
  assert.notEqual(await page.evaluate(() => window.gridplay.game().status()), 'playing', `the swipe ${finish} ended the game`);
  await page.locator('#game-over[open]').waitFor();
  // Measured in one go once the panel has come in: while its entrance scales it, boxes read
  // one at a time would each be of another frame.
  await page.waitForFunction(() => document.getElementById('game-over').getAnimations().length === 0);
  const [see, replay, copy] = await page.evaluate(() => ['#game-over-close', '#game-over-replay', '#game-over-copy-replay']
    .map((id) => document.querySelector(id).getBoundingClientRect().toJSON()));
  // Each offer starts where the panel's first button does, and is at least as wide as it.
  for (const offer of [replay, copy]) {
    assert.ok(Math.abs(offer.x - see.x) < 1 && offer.width >= see.width, JSON.stringify({ see, offer }));
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('a day\'s deal left open across midnight: untouched, the new day\'s deal comes by itself; under way, a notice offers it and the game goes on', async () => {
  const { context, page, errors } = await newPage(env.browser, desktop);
  await page.clock.install({ time: new Date('2026-11-29T23:59:00') });
  await page.goto(`${env.server.url}2048.html#daily`);
  await page.waitForFunction(() => window.gridplay?.game()?.moveCount() === 0);
  assert.equal((await game(page)).seed, dailySeed('2048', '2026-11-29'));
  // Midnight, nothing played: the new day's deal, said as any day's is.
  await page.clock.fastForward('01:30');
  await page.waitForFunction((seed) => window.gridplay.game()?.seed() === seed, dailySeed('2048', '2026-11-30'));
  await page.waitForFunction(() => /^Today’s deal, 30 November 2026/.test(document.querySelector('.notice[data-notice="daily-open"]')?.textContent));
  // Under way at the next midnight: the game goes on, and a notice offers the new deal. (The
  // new deal's page settled first: its moves are the ones counted here.)
  await page.evaluate(() => window.gridplay.idle());
  for (const key of ['ArrowLeft', 'ArrowDown']) await page.keyboard.press(key);
  await settle(page);
  await page.evaluate(() => window.gridplay.idle());
  assert.ok(await page.evaluate(() => window.gridplay.game().moveCount() > 0), 'the new day\'s deal under way');
  const underway = await game(page);
  await page.clock.fastForward('24:00:00');
  await page.waitForSelector('.notice[data-notice="daily-new"]');
  assert.match(await page.textContent('.notice[data-notice="daily-new"]'), /^A new day: the deal of 1 December 2026 is out\. This one is 30 November 2026’s, and its result counts for that day\./);
  assert.equal((await game(page)).save, underway.save, 'the game in play, untouched');
  await page.click('.notice[data-notice="daily-new"] .notice-action');
  await page.waitForFunction((seed) => window.gridplay.game()?.seed() === seed, dailySeed('2048', '2026-12-01'));
  await page.waitForFunction(() => /The day’s deal you left unfinished is over\./.test(document.querySelector('.notice[data-notice="daily-open"]')?.textContent));
  assert.deepEqual(errors, []);
  await context.close();
});

test('a replay of today\'s deal, with a go at it under way, is watched only once the player says so: it would make the go practice', async () => {
  const { context, page, errors } = await openAt('2026-11-25T20:00:00', '2048.html#daily');
  for (const key of ['ArrowLeft', 'ArrowDown', 'ArrowRight']) await page.keyboard.press(key);
  await settle(page);
  const mine = await game(page);
  // Another go at the same deal, played out on a copy of the engine's game.
  const other = await page.evaluate(() => {
    const Game = window.gridplay.game().constructor;
    const copy = Game.fromLink(window.gridplay.game().link());
    for (const direction of ['up', 'right', 'up', 'left', 'down']) copy.play(direction);
    const save = copy.save();
    copy.free();
    return save;
  });
  const watch = () => page.evaluate((save) => { location.hash = `#daily/replay=${save}`; }, other);
  await watch();
  await page.locator('#confirm-dialog').waitFor({ state: 'visible' });
  assert.equal(await page.textContent('#confirm-title'), 'Watch the replay?');
  await page.click('#confirm-cancel');
  await page.waitForFunction(() => location.hash === '#daily' && !document.getElementById('confirm-dialog').open);
  assert.equal(await page.locator('.replay-scrubber').count(), 0, 'not watched');
  assert.deepEqual(await game(page), mine, 'the go goes on as it was');
  // Asked again, and watched.
  await watch();
  await page.locator('#confirm-dialog').waitFor({ state: 'visible' });
  await page.click('#confirm-ok');
  await page.waitForSelector('.replay-scrubber');
  assert.deepEqual(errors, []);
  await context.close();
});

// Redo (midend/shell.js, the engine's redo()): what Undo took back is played again, exactly (the
// same tile dealt), by R, Ctrl+Y, Ctrl+Shift+Z or the Redo button, until a new move is made. The
// button shows only while there is something to redo, in a place kept for it: nothing moves as
// it comes and goes. 2048, Fifteen, and tic-tac-toe against the computer (its answer with the
// player's move), at phone and desktop sizes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { desktop, engineGrid, newPage, openDeal, phone, settle, useBrowser } from './harness.mjs';

const env = useBrowser();

const save = (page) => page.evaluate(() => window.gridplay.game().save());
const redoShown = (page) => page.evaluate(() => getComputedStyle(document.getElementById('redo')).visibility === 'visible');
const boxes = (page) => page.evaluate(() => ['#undo', '#board'].map((id) => JSON.stringify(document.querySelector(id).getBoundingClientRect())));

for (const [name, options] of [['phone', phone], ['desktop', desktop]]) {
  test(`${name}, 2048: undo twice, redo twice by key and button: the same game, the same tiles; a new move ends redo`, async () => {
    const { context, page, errors } = await openDeal(env.browser, `${env.server.url}2048.html`, options, '2048', 31337);
    for (const key of ['ArrowLeft', 'ArrowDown', 'ArrowRight', 'ArrowDown']) await page.keyboard.press(key);
    await settle(page);
    const played = await save(page);
    const grid = await engineGrid(page);
    const before = await boxes(page);
    assert.equal(await redoShown(page), false, 'nothing to redo yet');
    await page.click('#undo');
    await page.keyboard.press('u');
    await settle(page);
    assert.equal(await redoShown(page), true, 'Redo shows after an undo');
    assert.deepEqual(await boxes(page), before, 'its coming moves neither Undo nor the board');
    await page.keyboard.press('r');
    await settle(page);
    assert.match(await page.textContent('#announcer'), /^Redone: Moved \w+\./);
    if (name === 'phone') await page.tap('#redo');
    else await page.click('#redo');
    await settle(page);
    assert.equal(await save(page), played, 'the game as it was played');
    assert.deepEqual(await engineGrid(page), grid, 'the same tiles dealt');
    assert.equal(await redoShown(page), false, 'nothing more to redo');
    // The button pressed last went away: the focus is on Undo beside it, not lost to the page.
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'undo');
    await page.keyboard.press('r');
    await settle(page);
    assert.equal(await page.textContent('#announcer'), 'Nothing to redo.');
    // Undo, then a move: what was undone is gone.
    await page.keyboard.press('Control+z');
    await settle(page);
    const moves = await page.evaluate(() => window.gridplay.game().moves());
    await page.keyboard.press({ left: 'ArrowLeft', right: 'ArrowRight', up: 'ArrowUp', down: 'ArrowDown' }[moves[0]]);
    await settle(page);
    assert.equal(await redoShown(page), false, 'a new move ends redo');
    await page.keyboard.press('Control+y');
    await settle(page);
    assert.equal(await page.textContent('#announcer'), 'Nothing to redo.');
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('Fifteen: Ctrl+Shift+Z redoes a slide undone; a reload keeps the game, not what could be redone', async () => {
  const { context, page, errors } = await newPage(env.browser, desktop);
  await page.goto(`${env.server.url}fifteen.html#size=3/seed=7`);
  await page.waitForFunction(() => location.pathname.endsWith('/fifteen.html') && location.hash === '' && window.gridplay.game()?.width() === 3);
  for (const key of ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown']) await page.keyboard.press(key);
  await settle(page);
  const played = await save(page);
  assert.ok(await page.evaluate(() => window.gridplay.game().moveCount()) > 0, 'some slide was made');
  await page.keyboard.press('u');
  await settle(page);
  await page.keyboard.press('Control+Shift+Z');
  await settle(page);
  assert.equal(await save(page), played);
  await page.keyboard.press('u');
  await settle(page);
  await page.reload();
  await page.waitForFunction(() => window.gridplay?.game());
  assert.equal(await redoShown(page), false, 'a reload starts with nothing to redo');
  await page.keyboard.press('r');
  await settle(page);
  assert.equal(await page.textContent('#announcer'), 'Nothing to redo.');
  assert.deepEqual(errors, []);
  await context.close();
});

test('tic-tac-toe against the computer: redo plays the player\'s mark and the computer\'s answer again', async () => {
  const { context, page, errors } = await newPage(env.browser, phone, {
    init: `localStorage.setItem('gridplay.tictactoe.mode', ${JSON.stringify(JSON.stringify({ opponent: 'perfect', starter: 'you' }))});`,
  });
  await page.goto(`${env.server.url}tictactoe.html`);
  await page.waitForFunction(() => window.gridplay?.game());
  await page.tap('.ttt-cell[data-cell="0"]');
  await page.waitForFunction(() => window.gridplay.game().moveCount() === 2);
  await settle(page);
  const played = await save(page);
  await page.tap('#undo');
  await settle(page);
  assert.equal(await page.evaluate(() => window.gridplay.game().moveCount()), 0);
  await page.tap('#redo');
  await settle(page);
  assert.equal(await save(page), played, 'both marks back');
  assert.match(await page.textContent('#announcer'), /^Redone: X in row 1, column 1\. O in row 2, column 2\. X to move \(you\)\.$/);
  assert.deepEqual(errors, []);
  await context.close();
});

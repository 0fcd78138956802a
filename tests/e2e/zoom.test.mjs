// The pages zoomed to 200 % (WCAG 1.4.4), as a player with low vision uses them: a 1280×800
// window at 200 % is a 640×400 page at twice the density. Nothing runs into anything else, and
// axe finds nothing, in either theme.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { inLightAndDark, openPage, useBrowser } from './harness.mjs';

const env = useBrowser();
const axeSource = readFileSync(new URL('../../node_modules/axe-core/axe.min.js', import.meta.url), 'utf8');
const zoomed = { viewport: { width: 640, height: 400 }, deviceScaleFactor: 2 };

test('200 %: Threes\' score sheet at the game\'s end shows every card\'s points apart', async () => {
  const { context, page, errors } = await openPage(env.browser, `${env.server.url}threes.html`, zoomed);
  for (let i = 0; i < 2000; i += 1) {
    await page.keyboard.press(['ArrowLeft', 'ArrowDown', 'ArrowRight', 'ArrowUp'][i % 4]);
    if (i % 20 === 0 && await page.locator('#game-over[open]').count()) break;
  }
  await page.locator('#game-over[open]').waitFor();
  const clashes = await page.evaluate(() => {
    const boxes = [...document.querySelectorAll('#game-over .sheet-points')].map((el) => el.getBoundingClientRect());
    const overlap = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
    return boxes.flatMap((a, i) => boxes.slice(i + 1).filter((b) => overlap(a, b))).length;
  });
  assert.equal(clashes, 0, 'no two cards\' points overlap');
  assert.deepEqual(errors, []);
  await context.close();
});

test('200 %: every control of each game lies inside the page, none under another or under the board', async () => {
  for (const route of ['threes', '2048', 'fifteen', 'mines', 'tictactoe']) {
    const { context, page, errors } = await openPage(env.browser, `${env.server.url}${route}.html`, zoomed);
    const found = await page.evaluate(() => {
      const shown = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
      const controls = [...document.querySelectorAll('main button, main .segmented label, main .stat-label')]
        .filter((el) => shown(el) && !el.closest('#board, dialog'));
      const board = document.getElementById('board').getBoundingClientRect();
      const overlap = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
      const name = (el) => el.id || el.textContent.trim();
      const problems = [];
      controls.forEach((el, i) => {
        const box = el.getBoundingClientRect();
        if (box.left < -0.5 || box.right > innerWidth + 0.5) problems.push(`${name(el)} past the page's edge`);
        if (overlap(box, board)) problems.push(`${name(el)} under the board`);
        for (const other of controls.slice(i + 1)) {
          if (!el.contains(other) && !other.contains(el) && overlap(box, other.getBoundingClientRect())) problems.push(`${name(el)} over ${name(other)}`);
        }
      });
      return problems;
    });
    assert.deepEqual(found, [], route);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

/** A 1280×1024 window at 400 % (WCAG 1.4.10, reflow): 320×256. */
const zoomed400 = { viewport: { width: 320, height: 256 }, deviceScaleFactor: 4 };

test('400 %: every page reflows into one column that scrolls down, nothing past either edge, the board whole and as wide as the page', async () => {
  for (const route of ['home', 'threes', '2048', 'fifteen', 'mines', 'tictactoe']) {
    const { context, page, errors } = await openPage(env.browser, `${env.server.url}${route === 'home' ? '' : `${route}.html`}`, zoomed400);
    const found = await page.evaluate(() => {
      const shown = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
      const name = (el) => el.id || el.textContent.trim().slice(0, 30) || el.className;
      const problems = [];
      if (document.documentElement.scrollWidth > innerWidth) problems.push(`the page scrolls sideways (${document.documentElement.scrollWidth} px wide)`);
      for (const el of document.querySelectorAll('header a, header button, main a, main button, main .segmented label, main .stat-label, #board')) {
        if (!shown(el) || el.closest('dialog')) continue;
        const box = el.getBoundingClientRect();
        if (box.left < -0.5 || box.right > innerWidth + 0.5) problems.push(`${name(el)} past the page's edge`);
      }
      const board = document.getElementById('board')?.getBoundingClientRect();
      if (board && board.width < innerWidth * 0.8) problems.push(`the board is ${board.width.toFixed(0)} px wide of ${innerWidth}`);
      return problems;
    });
    assert.deepEqual(found, [], route);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('200 %, light and dark: axe finds no accessibility violation on any page', async () => {
  for (const route of ['home', 'threes', '2048', 'fifteen', 'mines', 'tictactoe']) {
    const { context, page, errors } = await openPage(env.browser, `${env.server.url}${route === 'home' ? '' : `${route}.html`}`, zoomed);
    await page.evaluate(axeSource);
    await inLightAndDark(page, async (colorScheme) => {
      const violations = await page.evaluate(async () => {
        const result = await window.axe.run(document);
        return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      });
      assert.deepEqual(violations, [], `${route} (${colorScheme})`);
    });
    assert.deepEqual(errors, []);
    await context.close();
  }
});

// Contrast a player with low vision needs, measured on the colours the page computes, in both
// themes: text 4.5:1 on what is behind it (WCAG 1.4.3), and 3:1 for what tells a control's
// state or a mark on the board (1.4.11): Minesweeper's hidden squares against open ones and its
// numbers on them, tic-tac-toe's result line and the marks that step back at the end.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { desktop, inLightAndDark, openPage, settle, useBrowser } from './harness.mjs';

const env = useBrowser();

/** In the page: `contrast(a, b)` of two CSS colours (rgb() or #hex), and `blend(fg, bg, alpha)`. */
const CONTRAST = `
  window.rgbOf = (colour) => {
    const probe = document.createElement('i');
    probe.style.color = colour.trim();
    document.body.append(probe);
    const [r, g, b] = getComputedStyle(probe).color.match(/[\\d.]+/g).map(Number);
    probe.remove();
    return [r, g, b];
  };
  window.luminance = ([r, g, b]) => {
    const f = (c) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  window.contrast = (a, b) => {
    const [x, y] = [luminance(Array.isArray(a) ? a : rgbOf(a)), luminance(Array.isArray(b) ? b : rgbOf(b))];
    return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
  };
  window.blend = (fg, bg, alpha) => rgbOf(fg).map((c, i) => c * alpha + rgbOf(bg)[i] * (1 - alpha));
`;

test('Minesweeper, light and dark: hidden squares 3:1 from open ones, every number 4.5:1 on an open square', async () => {
  const { context, page, errors } = await openPage(env.browser, `${env.server.url}mines.html#9x9x10/seed=5`, desktop);
  await page.evaluate(CONTRAST);
  await page.locator('.mines-cell[data-cell="40"]').click();
  await settle(page);
  await inLightAndDark(page, async (colorScheme) => {
    const measured = await page.evaluate(() => {
      const { contrast } = window;
      const cells = [...document.querySelectorAll('.mines-cell')];
      const hidden = cells.find((cell) => cell.dataset.code === '9');
      const open = cells.find((cell) => cell.dataset.code === '0');
      const openBg = getComputedStyle(open).backgroundColor;
      const style = getComputedStyle(document.body);
      return {
        squares: contrast(getComputedStyle(hidden).backgroundColor, openBg),
        numbers: [1, 2, 3, 4, 5, 6, 7, 8].map((n) => contrast(style.getPropertyValue(`--ink-${n}`), openBg)),
      };
    });
    assert.ok(measured.squares >= 3, `${colorScheme}: hidden against open: ${measured.squares.toFixed(2)}:1`);
    for (const [i, ratio] of measured.numbers.entries()) assert.ok(ratio >= 4.5, `${colorScheme}: the ${i + 1}: ${ratio.toFixed(2)}:1`);
  });
  assert.deepEqual(errors, []);
  await context.close();
});

test('2048 and Minesweeper, light and dark: a hovered bar button\'s text, and the Flag button pressed, 4.5:1', async () => {
  const { context, page, errors } = await openPage(env.browser, `${env.server.url}2048.html`, desktop);
  await page.evaluate(CONTRAST);
  await page.hover('#settings-button');
  /** The text of `selector` against its own background, laid over the page's where it is a tint. */
  const textContrast = (selector) => page.evaluate((which) => {
    const element = document.querySelector(which);
    const style = getComputedStyle(element);
    const page = getComputedStyle(document.body).backgroundColor;
    const [r, g, b, alpha = 1] = style.backgroundColor.match(/[\d.]+/g).map(Number);
    const behind = window.blend(`rgb(${r}, ${g}, ${b})`, page, alpha);
    return window.contrast(style.color, behind);
  }, selector);
  await inLightAndDark(page, async (colorScheme) => {
    const hovered = await textContrast('#settings-button');
    assert.ok(hovered >= 4.5, `${colorScheme}: 2048's hovered Settings: ${hovered.toFixed(2)}:1`);
  });
  await page.goto(`${env.server.url}mines.html#9x9x10/seed=5`);
  await page.waitForFunction(() => window.gridplay?.route() === 'mines' && window.gridplay.game());
  await page.evaluate(CONTRAST);
  await page.click('#mode');
  assert.equal(await page.getAttribute('#mode', 'aria-pressed'), 'true');
  await page.mouse.move(0, 0);
  await inLightAndDark(page, async (colorScheme) => {
    const flag = await textContrast('#mode');
    assert.ok(flag >= 4.5, `${colorScheme}: the Flag button pressed: ${flag.toFixed(2)}:1`);
  });
  assert.deepEqual(errors, []);
  await context.close();
});

test('tic-tac-toe, light and dark: the result line 4.5:1 on the page, the marks that step back 3:1 on their squares', async () => {
  const { context, page, errors } = await openPage(env.browser, `${env.server.url}tictactoe.html`, desktop);
  await page.evaluate(CONTRAST);
  for (const cell of [0, 3, 1, 4, 2]) await page.locator(`.ttt-cell[data-cell="${cell}"]`).click();
  await page.waitForFunction(() => window.gridplay.game().status() === 'won');
  await settle(page);
  await inLightAndDark(page, async (colorScheme) => {
    const measured = await page.evaluate(() => {
      const { contrast, blend } = window;
      const line = document.getElementById('turn-line');
      const page = getComputedStyle(document.body).backgroundColor;
      const stepped = document.querySelector('.ttt-cell:not(.won) .ttt-mark');
      const cell = getComputedStyle(stepped.closest('.ttt-cell')).backgroundColor;
      const ink = getComputedStyle(stepped).stroke !== 'none' ? getComputedStyle(stepped).stroke : getComputedStyle(stepped).color;
      return {
        line: contrast(getComputedStyle(line).color, page),
        mark: contrast(blend(ink, cell, Number(getComputedStyle(stepped).opacity)), cell),
      };
    });
    assert.ok(measured.line >= 4.5, `${colorScheme}: the result line: ${measured.line.toFixed(2)}:1`);
    assert.ok(measured.mark >= 3 && measured.mark < 21, `${colorScheme}: a mark that stepped back: ${measured.mark.toFixed(2)}:1`);
  });
  assert.deepEqual(errors, []);
  await context.close();
});

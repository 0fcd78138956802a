// The first board's measure, shared by `make perf` (scripts/perf.mjs) and the head-to-head of
// builds (scripts/first-tiles.mjs).
import { desktop } from '../tests/e2e/harness.mjs';

/**
 * Navigation → the frame in which the first element matching `selector` (a tile on the board)
 * is drawn: a MutationObserver, installed before the page's own scripts, notes when one is in
 * the page, and the time is that of the next animation frame, the one that paints it. The same
 * measure for any page, whatever it marks itself.
 */
export async function firstTiles(browser, url, selector) {
  const context = await browser.newContext(desktop);
  // As a string: it runs in the page, not here.
  await context.addInitScript({
    content: `new MutationObserver((records, observer) => {
      if (!document.querySelector(${JSON.stringify(selector)})) return;
      observer.disconnect();
      requestAnimationFrame((frame) => { window.perfFirstTiles = frame; });
    }).observe(document, { childList: true, subtree: true });`,
  });
  const page = await context.newPage();
  await page.goto(url);
  // Functions, not strings: the page's policy forbids eval.
  await page.waitForFunction(() => globalThis.perfFirstTiles !== undefined);
  const ms = await page.evaluate(() => globalThis.perfFirstTiles);
  await page.waitForLoadState('networkidle');
  await context.close();
  return ms;
}

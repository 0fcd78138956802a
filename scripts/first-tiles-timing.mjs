// The first board's measure, shared by `make perf` (scripts/perf.mjs) and the head-to-head of
// builds (scripts/first-tiles.mjs).
import { desktop } from '../tests/e2e/harness.mjs';

/**
 * A phone on a mobile network, as Lighthouse's mobile run has it (its slow 4G: 150 ms round
 * trips, 1.6 Mbit/s down, 750 kbit/s up; the CPU 4× slower), by the devtools protocol: each
 * request then waits a round trip, and the bytes share the bandwidth. (The devtools' latency is
 * per request: TCP's first window, which Lighthouse's simulation adds, is not modelled.)
 */
export const SLOW_4G = { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
async function slowAsAPhone(context, page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...SLOW_4G });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/**
 * Navigation → the frame in which the first element matching `selector` (a tile on the board)
 * is drawn: a MutationObserver, installed before the page's own scripts, notes when one is in
 * the page, and the time is that of the next animation frame, the one that paints it. The same
 * measure for any page, whatever it marks itself. With `phone`, on a phone's network and CPU
 * (SLOW_4G).
 */
export async function firstTiles(browser, url, selector, { phone = false } = {}) {
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
  if (phone) await slowAsAPhone(context, page);
  await page.goto(url);
  // Functions, not strings: the page's policy forbids eval.
  await page.waitForFunction(() => globalThis.perfFirstTiles !== undefined);
  const ms = await page.evaluate(() => globalThis.perfFirstTiles);
  await page.waitForLoadState('networkidle');
  await context.close();
  return ms;
}

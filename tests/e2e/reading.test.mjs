// What a screen reader finds by reading the page, not only by hearing the live region: where
// the game stands is always there to read, and a control's name begins with the words it shows
// (WCAG 2.5.3), so a voice that says those words finds it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { desktop, openPage, settle, useBrowser } from './harness.mjs';

const env = useBrowser();

test('tic-tac-toe: whose turn it is is in the page\'s accessibility tree', async () => {
  const { context, page, errors } = await openPage(env.browser, `${env.server.url}tictactoe.html`, desktop);
  assert.match(await page.locator('main').ariaSnapshot(), /- paragraph: X to move/);
  await page.locator('.ttt-cell[data-cell="4"]').click();
  await settle(page);
  assert.match(await page.locator('main').ariaSnapshot(), /- paragraph: O to move/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the bar\'s link between a game and its day\'s deal is named by the words it shows, first', async () => {
  const { context, page, errors } = await openPage(env.browser, `${env.server.url}threes.html`, desktop);
  for (const [hash, shows] of [['threes.html', 'Today'], ['threes.html#daily', 'Your game']]) {
    await page.goto(`${env.server.url}${hash}`);
    await page.waitForFunction((h) => location.href.endsWith(h) && window.gridplay.game(), hash);
    const link = page.locator('#day-link');
    assert.equal((await link.innerText()).trim(), shows);
    const name = await link.getAttribute('aria-label');
    assert.ok(name.startsWith(`${shows} `) || name.startsWith(`${shows}:`), `${hash}: “${name}” begins with “${shows}”`);
    // And a voice saying the words it shows finds it by name.
    assert.equal(await page.getByRole('link', { name: shows }).count(), 1, hash);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

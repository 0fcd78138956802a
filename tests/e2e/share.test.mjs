// Share through the device's share sheet (navigator.share, app/share.js) where the browser has
// one: the deal's link and the day's deal, with what they open; "Copy a replay link" copies. A sheet the player closes shares and
// says nothing; one the browser refuses falls back to the clipboard, as a browser without a
// sheet does (the other tests: headless Chromium on Linux has none). The sheet is the
// browser's own, so here it is stood in for, recording what it was given.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { desktop, newPage, noticeShown, phone, settle, useBrowser } from './harness.mjs';

const env = useBrowser();

/** A page at `hash` whose share sheet records what it is given, then does `outcome` ('share',
 * or the name of the error it rejects with: 'AbortError' when closed, 'NotAllowedError'). */
async function open(hash, outcome, options = desktop) {
  const opened = await newPage(env.browser, options, {
    init: `window.sheet = [];
      navigator.share = (data) => { window.sheet.push(data); return ${JSON.stringify(outcome)} === 'share' ? Promise.resolve() : Promise.reject(new DOMException('no', ${JSON.stringify(outcome)})); };
      navigator.canShare = () => true;`,
  });
  await opened.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.server.url });
  await opened.page.goto(`${env.server.url}${hash}`);
  await opened.page.waitForFunction(() => window.gridplay?.game());
  return opened;
}

const sheet = (page) => page.evaluate(() => window.sheet);

for (const [name, options] of [['phone', phone], ['desktop', desktop]]) {
  test(`${name}: Share hands the deal's link to the share sheet, and says so`, async () => {
    const { context, page, errors } = await open('2048.html#seed=31', 'share', options);
    await page.waitForFunction(() => location.pathname.endsWith('/2048.html') && location.hash === '');
    await page.click('#share');
    await page.waitForFunction(() => window.sheet.length === 1);
    // The address, with what it opens for the sheet's apps to show above it.
    const [deal] = await sheet(page);
    assert.equal(deal.url, `${env.server.url}2048.html#seed=31`);
    assert.equal(deal.title, 'Gridplay: 2048');
    assert.match(deal.text, /^A deal of 2048 to play: anyone who opens it gets .+\.$/);
    await page.waitForFunction(() => document.getElementById('announcer').textContent === 'Shared');
    assert.equal(await page.locator('.notice[data-notice="shared"]').count(), 0, 'the sheet was the answer: no notice');
    // The day's deal's link, the same way (on Threes' page, whose sheet is its own).
    await page.goto(`${env.server.url}threes.html#daily`);
    await page.waitForFunction(() => window.gridplay?.route() === 'threes' && window.gridplay.game());
    await page.click('#share');
    await page.waitForFunction(() => window.sheet.length === 1);
    assert.match((await sheet(page))[0].url, /\/threes\.html#daily=\d{4}-\d\d-\d\d$/);
    assert.match((await sheet(page))[0].text, /^Today’s Threes deal: anyone who opens it today gets .+\.$/);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('Copy a replay link copies it, as it says, where a share sheet is too', async () => {
  const { context, page, errors } = await open('tictactoe.html', 'share', phone);
  for (const cell of [0, 1, 4, 2, 8]) await page.tap(`.ttt-cell[data-cell="${cell}"]`);
  await settle(page);
  const save = await page.evaluate(() => window.gridplay.game().save());
  await page.getByRole('button', { name: 'Copy a replay link' }).tap();
  await noticeShown(page, 'shared');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), `${env.server.url}tictactoe.html#replay=${save}`);
  assert.deepEqual(await sheet(page), [], 'no share sheet');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a sheet closed shares nothing and says nothing; a sheet refused gives way to the clipboard', async () => {
  const closed = await open('2048.html#seed=31', 'AbortError');
  // (The browser's clipboard outlives a page: emptied first.)
  await closed.page.evaluate(() => navigator.clipboard.writeText(''));
  await closed.page.click('#share');
  await closed.page.waitForFunction(() => window.sheet.length === 1);
  await closed.page.waitForTimeout(300);
  assert.equal(await closed.page.locator('.notice').count(), 0, 'no notice');
  assert.equal(await closed.page.evaluate(() => navigator.clipboard.readText()), '', 'nothing copied');
  assert.deepEqual(closed.errors, []);
  await closed.context.close();

  const refused = await open('2048.html#seed=31', 'NotAllowedError');
  await refused.page.click('#share');
  await noticeShown(refused.page, 'shared');
  assert.equal(await refused.page.evaluate(() => navigator.clipboard.readText()), `${env.server.url}2048.html#seed=31`);
  assert.deepEqual(refused.errors, []);
  await refused.context.close();
});

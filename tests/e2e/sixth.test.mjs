// The sixth game, added as docs/design.md's "Adding a game" says and played in the page: Lights
// Out, the test game (its rules and JS class are src/lights/, the cargo feature `lights`, whose
// engine `make test-e2e` builds; its page's folder, stylesheets and line in the list of games
// are tests/sixth/). A copy of www/ gets those files and that line and nothing else, the site
// is built from it with the five engines and the sixth, and a player finds the game on the
// home page, its card's art drawn, plays it by taps and keys, undoes, reloads and puts every
// light out, and opens its day's deal and plays it. The site is built from the copy before the
// game is added too: the five games' pages are the same bytes in both.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { desktop, launchBrowser, newPage, openPage, settle, startServer } from './harness.mjs';

const env = { dir: null, server: null, browser: null };
const said = (page) => page.evaluate(() => document.getElementById('announcer').textContent.trim());

/** Every file under `dir`, relative to it. */
const filesUnder = (dir) => readdirSync(dir, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile())
  .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
  .sort();

before(async () => {
  env.dir = mkdtempSync(join(tmpdir(), 'gridplay-sixth-'));
  const www = join(env.dir, 'www');
  cpSync('www', www, { recursive: true });
  const routes = JSON.parse(readFileSync('www/games.json', 'utf8')).map((game) => game.route);
  const engines = ['target/pkg-web', ...routes.map((route) => `target/pkg-${route}`), 'target/pkg-lights'];
  // The site of the five, as it was before the game came.
  execFileSync(process.execPath, ['scripts/build-site.mjs', www, join(env.dir, 'five'), ...engines.slice(0, -1)], { stdio: 'pipe' });
  // The page's steps: the game's folder (and stylesheet), and its line in the list of games.
  cpSync('tests/sixth/www', www, { recursive: true });
  const list = readFileSync(join(www, 'games.json'), 'utf8').trimEnd();
  const line = readFileSync('tests/sixth/game.json', 'utf8').trim();
  writeFileSync(join(www, 'games.json'), `${list.replace(/\n\]$/, `,\n  ${line}\n]`)}\n`);
  const site = join(env.dir, 'site');
  execFileSync(process.execPath, ['scripts/build-site.mjs', www, site, ...engines], { stdio: 'pipe' });
  execFileSync(process.execPath, ['scripts/build-sw.mjs', site], { stdio: 'pipe' });
  env.server = await startServer(site);
  env.browser = await launchBrowser({ shell: true });
});

after(async () => {
  await env.browser?.close();
  env.server?.stop();
  if (env.dir) rmSync(env.dir, { recursive: true, force: true });
});

test('the page\'s steps add a folder, two stylesheets and a line to the list, and nothing else', () => {
  const added = filesUnder('tests/sixth/www');
  assert.deepEqual(added, ['css/lights-card.css', 'css/lights.css', 'js/lights/card.json', 'js/lights/mount.js', 'js/lights/view.html', 'js/lights/view.js']);
  const before = new Set(filesUnder('www'));
  assert.deepEqual(added.filter((file) => before.has(file)), [], 'no file of the five is written over');
  const list = JSON.parse(readFileSync(join(env.dir, 'www', 'games.json'), 'utf8'));
  assert.deepEqual(list.map((game) => game.route), [...JSON.parse(readFileSync('www/games.json', 'utf8')).map((g) => g.route), 'lights']);
});

test('adding a game changes no other game\'s page: each of the five is the same document, and home gets the new card', () => {
  const five = JSON.parse(readFileSync('www/games.json', 'utf8'));
  const page = (site, name) => readFileSync(join(env.dir, site, name), 'utf8');
  for (const game of five) {
    // The page, and what the app takes from it when it moves there from another page.
    for (const file of [`${game.route}.html`, `pages/${game.route}.json`, `pages/${game.route}.css`]) {
      assert.equal(page('site', file), page('five', file), `${file} changed when Lights Out came`);
    }
  }
  // What a game's page names (the app's bundle, its route's) is there, and the same, in both.
  for (const game of five) {
    for (const [, path] of page('site', `${game.route}.html`).matchAll(/(?:src|href)="(js\/[^"]+\.js)"/g)) {
      assert.equal(page('site', path), page('five', path), `${path}, named by ${game.route}.html`);
    }
  }
  assert.doesNotMatch(page('five', 'index.html'), /lights\.html/);
  assert.match(page('site', 'index.html'), /href="lights\.html"/, 'home has the new game\'s card');
  assert.match(page('site', 'lights.html'), /<title>Lights Out · Gridplay<\/title>/, 'the new game has its page');
});

test('Lights Out is on the home page, and is played by taps and keys to its end, with undo and a reload between', async () => {
  const { context, page, errors } = await openPage(env.browser, env.server.url, desktop);
  const card = page.locator('a[href="lights.html"]').first();
  assert.match(await card.textContent(), /Lights Out/);
  await card.click();
  await page.waitForFunction(() => window.gridplay?.route() === 'lights' && window.gridplay.game());
  await page.goto(`${env.server.url}lights.html#seed=7`);
  await page.waitForFunction(() => window.gridplay?.game()?.link() === 'seed=7');
  await settle(page);
  const lit = () => page.evaluate(() => [...document.querySelectorAll('#board .light')].map((b) => b.dataset.lit === 'true' ? 1 : 0));
  const engineCells = () => page.evaluate(() => window.gridplay.game().cells());
  assert.equal((await lit()).length, 9);
  assert.deepEqual(await lit(), await engineCells(), 'the board draws the engine\'s cells');
  assert.equal(await page.textContent('#lit'), String((await engineCells()).filter(Boolean).length));

  // A tap, said in the engine's words; then undone by the U key.
  const start = await engineCells();
  await page.locator('#board .light[data-cell="0"]').click();
  await settle(page);
  assert.match(await said(page), /^Pressed row 1, column 1: \d lights? on\. 1 press\.$/);
  assert.notDeepEqual(await lit(), start);
  await page.keyboard.press('u');
  await settle(page);
  assert.deepEqual(await lit(), start, 'undone');

  // The presses that put every light out, found by trying every set of squares on copies of the
  // engine's game (a rule of the game, not written here).
  const solution = await page.evaluate(() => {
    const game = window.gridplay.game();
    for (let set = 1; set < 512; set += 1) {
      const copy = game.constructor.load(game.save());
      const cells = [...Array(9).keys()].filter((cell) => set & (1 << cell));
      for (const cell of cells) copy.play(cell);
      const solved = copy.status() === 'won';
      copy.free();
      if (solved) return cells;
    }
    return null;
  });
  assert.ok(solution?.length >= 1, 'the deal can be solved');
  // The first press by the keyboard's cursor (it starts on the first square), then a reload;
  // presses commute, so the rest still put every light out.
  const [first, ...presses] = solution;
  await page.locator('#board .light[data-cell="0"]').focus();
  for (let i = 0; i < first % 3; i += 1) await page.keyboard.press('ArrowRight');
  for (let i = 0; i < Math.floor(first / 3); i += 1) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await settle(page);
  assert.equal(await page.evaluate(() => window.gridplay.game().moveCount()), 1);
  await page.reload();
  await page.waitForFunction(() => window.gridplay?.game()?.moveCount() === 1);
  await settle(page);
  for (const cell of presses) {
    await page.locator(`#board .light[data-cell="${cell}"]`).click();
    await settle(page);
  }
  assert.equal(await page.evaluate(() => window.gridplay.game().status()), 'won');
  assert.deepEqual(await lit(), [0, 0, 0, 0, 0, 0, 0, 0, 0]);
  await page.waitForSelector('#game-over[open]');
  const total = presses.length + 1;
  assert.equal(await page.textContent('#final-score'), String(total));
  assert.match(await said(page), new RegExp(`^Every light is out\\. ${total} press(es)?\\.`));
  assert.deepEqual(errors, []);
  await context.close();
});

/** Each home card's [route, the colours of the elements of its art that paint something: a box
 * with a colour of its own], in the cards' order. */
const paintedArt = (page) => page.$$eval('.game-card[data-game]', (cards) => cards.map((card) => {
  const art = card.querySelector('.game-art');
  const painted = [art, ...art.querySelectorAll('*')].filter((element) => {
    const box = element.getBoundingClientRect();
    const colour = getComputedStyle(element).backgroundColor;
    return box.width > 0 && box.height > 0 && colour !== 'rgba(0, 0, 0, 0)' && colour !== 'transparent';
  });
  return [card.dataset.game, painted.map((element) => getComputedStyle(element).backgroundColor)];
}));

test('every card on the home page draws its art, Lights Out\'s lit squares lit', async () => {
  const { context, page, errors } = await openPage(env.browser, env.server.url, desktop);
  const cards = await paintedArt(page);
  const list = JSON.parse(readFileSync(join(env.dir, 'www', 'games.json'), 'utf8'));
  assert.deepEqual(cards.map(([route]) => route), list.map((game) => game.route), 'a card for each game of the list');
  for (const [route, colours] of cards) assert.ok(colours.length > 0, `${route}: its card's art paints nothing`);
  // The art's five lit squares of nine, as its card.json draws them: lit, the others not.
  const art = Object.fromEntries(cards);
  const lit = art.lights.filter((colour) => colour === 'rgb(249, 216, 74)');
  assert.equal(lit.length, 5, `Lights Out's art: ${art.lights.join(' ')}`);
  assert.equal(art.lights.length, 1 + 9, 'its frame and its nine squares');
  assert.deepEqual(errors, []);
  await context.close();
});

test('Lights Out\'s day\'s deal opens from the list\'s `daily`, dealt from the day\'s seed, and plays', async () => {
  /** The formula of docs/api.md: FNV-1a, 32 bits, of gridplay/<game>/<date>. */
  const daySeed = (game, date) => [...Buffer.from(`gridplay/${game}/${date}`, 'utf8')]
    .reduce((hash, byte) => Math.imul(hash ^ byte, 16777619) >>> 0, 2166136261);
  const { context, page, errors } = await newPage(env.browser, desktop);
  await page.clock.setFixedTime(new Date('2026-11-25T09:30:00'));
  await page.goto(`${env.server.url}lights.html`);
  await page.waitForFunction(() => window.gridplay?.game());
  assert.equal(await page.getAttribute('#day-link', 'href'), 'lights.html#daily');
  await page.click('#day-link');
  await page.waitForFunction(() => location.hash === '#daily' && window.gridplay.game()?.moveCount() === 0);
  await settle(page);
  assert.equal(await page.evaluate(() => window.gridplay.game().link()), `seed=${daySeed('lights', '2026-11-25')}`);
  assert.equal(await page.textContent('#title'), 'Today’s deal Lights Out');
  const cells = await page.evaluate(() => window.gridplay.game().cells());
  const lit = () => page.evaluate(() => [...document.querySelectorAll('#board .light')].map((b) => (b.dataset.lit === 'true' ? 1 : 0)));
  assert.deepEqual(await lit(), cells, 'the board draws the day\'s deal');
  await page.locator('#board .light[data-cell="4"]').click();
  await settle(page);
  assert.equal(await page.evaluate(() => window.gridplay.game().moveCount()), 1);
  assert.notDeepEqual(await lit(), cells);
  assert.match(await said(page), /^Pressed row 2, column 2: /);
  await page.evaluate(() => window.gridplay.idle());
  assert.equal(await page.evaluate(() => localStorage.getItem('gridplay.lights.daily.save')), await page.evaluate(() => window.gridplay.game().save()));
  assert.deepEqual(errors, []);
  await context.close();
});

// A page per game: home is index.html, each game its own page (<route>.html) holding its own
// view and styles alone, with its own title and preview; links made before each game had its
// page open what they opened; players move between the pages by the Gridplay link and the cards.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { desktop, newPage, openPage, phone, settle, useBrowser } from './harness.mjs';
import { readGames } from '../../scripts/games.mjs';

const env = useBrowser();
const GAMES = readGames();
const site = (path) => readFileSync(new URL(`../../target/site/${path}`, import.meta.url), 'utf8');

/** A page's head: its title, description and Open Graph title and description. */
function headOf(html) {
  const meta = (attr, name) => new RegExp(`<meta ${attr}="${name}" content="([^"]*)">`).exec(html)?.[1] ?? null;
  return {
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? null,
    description: meta('name', 'description'),
    ogTitle: meta('property', 'og:title'),
    ogDescription: meta('property', 'og:description'),
  };
}

test('each game\'s page holds its own view and styles alone, with its own title, description and preview; home\'s holds every card', () => {
  const home = site('index.html');
  for (const game of GAMES) {
    const html = site(`${game.route}.html`);
    const head = headOf(html);
    assert.equal(head.title, `${game.title} · Gridplay`);
    assert.equal(head.ogTitle, head.title, `${game.route}: a shared link previews as the game`);
    assert.ok(head.description.startsWith(`${game.title}: `), `${game.route}: its description names it: ${head.description}`);
    assert.equal(head.ogDescription, head.description);
    const templates = [...html.matchAll(/<template id="view-([\w-]+)"/g)].map((m) => m[1]);
    assert.deepEqual(templates, [game.route], `${game.route}.html holds its own view alone`);
    for (const other of GAMES.filter((g) => g.route !== game.route)) {
      assert.doesNotMatch(html, new RegExp(`data-route="${other.route}"|\\.art-${other.route}\\b|${other.route}\\.html|"${other.route}":`),
        `${game.route}.html holds nothing of ${other.route}`);
    }
    // Its card is home's: not in the game's page.
    assert.doesNotMatch(html, /class="game-card"|\.art-/);
    assert.match(home, new RegExp(`<a class="game-card" data-game="${game.route}" href="${game.route}\\.html">`));
    assert.match(home, new RegExp(`\\.art-${game.route}\\b`), `home's page styles ${game.route}'s card`);
  }
  assert.deepEqual([...home.matchAll(/<template id="view-([\w-]+)"/g)].map((m) => m[1]), ['home'], 'home holds no game\'s view');
  assert.equal(headOf(home).title, 'Gridplay');
  for (const game of GAMES) assert.ok(headOf(home).description.includes(game.title), `home's description names ${game.title}`);
  const shortcuts = JSON.parse(site('manifest.webmanifest')).shortcuts.map((s) => s.url);
  assert.deepEqual(shortcuts, GAMES.map((game) => `./${game.route}.html`), 'the installed app\'s shortcuts open the games\' pages');
});

test('links made before each game had its page open what they opened, at the game\'s own page', async () => {
  const { context, page, errors } = await newPage(env.browser, desktop);
  const today = await page.evaluate(() => new Date().toLocaleDateString('en-CA'));
  // [an older link, the page it opens now (with its hash, after the page tidies it), what the
  // game shown is: its deal's link, and whether it is the day's deal]
  const links = [
    ['#2048/seed=7', '2048.html', 'seed=7', false],
    ['#Fifteen/size=3/seed=4', 'fifteen.html', 'size=3/seed=4', false],
    ['#mines/30x16x99/seed=7', 'mines.html', '30x16x99/seed=7', false],
    ['#threes/seed=12', 'threes.html', 'seed=12', false],
    ['#tictactoe', 'tictactoe.html', '', false],
    ['#fifteen/daily', 'fifteen.html#daily', null, true],
    [`#2048/daily=${today}`, '2048.html#daily', null, true],
    ['index.html#mines/9x9x10/seed=5', 'mines.html', '9x9x10/seed=5', false],
    // The old 2048 page's own address, once a redirect to #2048.
    ['2048.html', '2048.html', null, false],
  ];
  for (const [old, now, deal, daily] of links) {
    await page.goto(`${env.server.url}${old}`);
    await page.waitForFunction(() => window.gridplay?.game() && !window.gridplay.busy());
    await page.evaluate(() => window.gridplay.idle());
    await page.waitForFunction((want) => location.href.endsWith(want), now);
    if (deal !== null) assert.equal(await page.evaluate(() => window.gridplay.game().link()), deal, old);
    assert.equal((await page.textContent('#title')).startsWith('Today’s deal'), daily, `${old}: the day's deal or not`);
  }
  // A replay link: the viewer over the game, at the game's page.
  await page.goto(`${env.server.url}2048.html#seed=7`);
  await page.waitForFunction(() => window.gridplay?.game()?.link() === 'seed=7');
  for (const key of ['ArrowLeft', 'ArrowUp', 'ArrowRight']) await page.keyboard.press(key);
  await settle(page);
  const save = await page.evaluate(() => window.gridplay.game().save());
  await page.goto(`${env.server.url}#2048/replay=${save}`);
  await page.waitForSelector('.replay-scrubber');
  assert.ok(page.url().endsWith(`2048.html#replay=${save}`), page.url());
  assert.deepEqual(errors, []);
  await context.close();
});

test('between games by the Gridplay link and the cards, and back: each page shows its game as it was left', async () => {
  const { context, page, errors } = await openPage(env.browser, `${env.server.url}2048.html#seed=7`, phone);
  await page.keyboard.press('ArrowLeft');
  await settle(page);
  const played = await page.evaluate(() => window.gridplay.game().save());
  // The site loaded, the pages are screens of the one document: no page loads between them.
  await page.evaluate(() => { window.samePage = true; });
  /** What the player sees of the page shown: its title, its description, the screen's own
   * look (its background, set by its stylesheet alone), and how many pages' stylesheets apply. */
  const looks = () => page.evaluate(() => ({
    title: document.title,
    description: document.querySelector('meta[name="description"]').content,
    ogTitle: document.querySelector('meta[property="og:title"]').content,
    look: ['#view > *', '#board', '#title', '.game-card'].map((selector) => {
      const element = document.querySelector(selector);
      if (!element) return null;
      const style = getComputedStyle(element);
      return [style.backgroundColor, style.color, style.width, style.height, style.fontSize, style.display, style.gridTemplateColumns].join(' ');
    }),
    sheets: [...document.styleSheets].filter((sheet) => sheet.ownerNode.matches('head > style, link[href*="pages/"]')
      && !sheet.disabled && matchMedia(sheet.media.mediaText || 'all').matches).length,
    samePage: window.samePage === true,
  }));
  const first2048 = await looks();
  await page.click('#home-link');
  await page.waitForFunction(() => window.gridplay?.route() === 'home');
  assert.equal(new URL(page.url()).pathname, '/');
  const home = await looks();
  assert.equal(home.title, 'Gridplay');
  assert.match(home.description, /Threes, 2048/);
  assert.equal(home.ogTitle, 'Gridplay');
  await page.click('.game-card[data-game="threes"]');
  await page.waitForFunction(() => window.gridplay?.route() === 'threes' && window.gridplay.game());
  assert.equal(new URL(page.url()).pathname, '/threes.html');
  const threes = await looks();
  assert.equal(threes.title, 'Threes · Gridplay');
  assert.match(threes.description, /^Threes: /);
  assert.equal(threes.ogTitle, 'Threes · Gridplay');
  // Back twice: home, then 2048 as it was left.
  await page.goBack();
  await page.waitForFunction(() => window.gridplay?.route() === 'home');
  await page.goBack();
  await page.waitForFunction(() => window.gridplay?.route() === '2048' && window.gridplay.game());
  assert.equal(await page.evaluate(() => window.gridplay.game().save()), played);
  const again2048 = await looks();
  // Each page drawn in its own look, one page's stylesheet at a time, in the same document.
  assert.deepEqual(again2048, first2048);
  for (const looked of [home, threes, again2048]) {
    assert.equal(looked.sheets, 1, 'one page\'s stylesheet applies');
    assert.equal(looked.samePage, true, 'no page loaded between the games');
  }
  // Forward again: home's screen, in the same document.
  await page.goForward();
  await page.waitForFunction(() => window.gridplay?.route() === 'home');
  assert.equal((await looks()).samePage, true);
  // And each looks as it does loaded as a page of its own.
  for (const [path, moved] of [['', home], ['threes.html', threes]]) {
    await page.goto(`${env.server.url}${path}`);
    await page.waitForFunction((route) => window.gridplay?.route() === route && (route === 'home' || window.gridplay.game()), moved === home ? 'home' : 'threes');
    const loaded = await looks();
    assert.deepEqual({ ...moved, samePage: false }, loaded, `${path || 'home'} moved to looks as loaded`);
  }
  // The day's deal and back to the player's own game stay on the game's page.
  await page.goto(`${env.server.url}fifteen.html`);
  await page.waitForFunction(() => window.gridplay?.game());
  await page.evaluate(() => { window.samePage = true; });
  await page.click('#day-link');
  await page.waitForFunction(() => location.hash === '#daily' && window.gridplay.game() && !window.gridplay.busy());
  assert.match(await page.textContent('#title'), /^Today’s deal/);
  await page.click('#day-link');
  await page.waitForFunction(() => location.hash === '' && window.gridplay.route() === 'fifteen' && window.gridplay.game() && !window.gridplay.busy());
  assert.doesNotMatch(await page.textContent('#title'), /Today/);
  assert.equal(await page.evaluate(() => window.samePage), true, 'no page loaded between a game and its day\'s deal');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a page built with another version of the app, or one that cannot be had, is loaded rather than taken into the page', async () => {
  const { context, page, errors } = await openPage(env.browser, env.server.url, desktop);
  // Threes' page as a newer build would have it: another app's bundle.
  await page.route('**/pages/threes.json', async (route) => {
    const response = await route.fetch();
    const data = await response.json();
    await route.fulfill({ response, json: { ...data, app: 'js/app/app-NEWERBLD.js' } });
  });
  // Minesweeper's stylesheet gone from the server.
  await page.route('**/pages/mines.css', (route) => route.fulfill({ status: 404, body: '' }));
  for (const game of ['threes', 'mines']) {
    await page.evaluate(() => { window.samePage = true; });
    await page.click(`.game-card[data-game="${game}"]`);
    await page.waitForFunction((route) => window.gridplay?.route() === route && window.gridplay.game(), game);
    assert.equal(new URL(page.url()).pathname, `/${game}.html`);
    assert.equal(await page.evaluate(() => window.samePage), undefined, `${game}: its page loaded`);
    await page.click('#home-link');
    await page.waitForFunction(() => window.gridplay?.route() === 'home');
  }
  // (The stylesheet's refusal is the browser's console error, and the loaded page's own.)
  assert.deepEqual(errors.filter((error) => !/404/.test(error)), []);
  await context.close();
});

test('the pages a screen links to are in hand a moment after it shows: their data, stylesheets, games\' code and engines; and a page seen once is not fetched again', async () => {
  // No service worker (useBrowser's contexts keep it out): every request the page makes is the
  // page's own, seen here.
  const { context, page, errors } = await openPage(env.browser, `${env.server.url}2048.html`, desktop);
  const asked = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  const since = (mark) => asked.slice(mark);
  const requested = (paths) => page.waitForFunction((wanted) => wanted.every((path) => performance.getEntriesByName(new URL(path, document.baseURI).href).length > 0), paths);
  // A game's page: home's, which the Gridplay link then takes with nothing to fetch.
  await requested(['pages/home.json', 'pages/home.css']);
  await page.evaluate(() => { window.samePage = true; });
  let mark = asked.length;
  await page.click('#home-link');
  await page.waitForFunction(() => window.gridplay?.route() === 'home');
  assert.deepEqual(since(mark).filter((path) => path.startsWith('/pages/')), [], 'home taken from what was in hand');
  // Home: every game's page, code and engine (2048's stylesheet is the loaded page's own).
  await requested(GAMES.flatMap((game) => [`pages/${game.route}.json`, ...(game.route === '2048' ? [] : [`pages/${game.route}.css`]), `pkg/${game.route}_bg.wasm`]));
  assert.ok(!asked.includes('/pages/2048.css'), 'the loaded page\'s own stylesheet is not fetched');
  const loaded = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname));
  for (const game of GAMES) {
    assert.ok(loaded.some((path) => new RegExp(`^/js/${game.route}/mount-\\w+\\.js$`).test(path)), `${game.title}'s code asked for`);
  }
  mark = asked.length;
  await page.click('.game-card[data-game="threes"]');
  await page.waitForFunction(() => window.gridplay?.route() === 'threes' && window.gridplay.game());
  assert.deepEqual(since(mark).filter((path) => /^\/pages\/|\.wasm$|\/mount-/.test(path)), [], 'Threes taken from what was in hand');
  // Back home and to Threes again: their stylesheets are the ones the document has.
  await page.goBack();
  await page.waitForFunction(() => window.gridplay?.route() === 'home');
  await page.goForward();
  await page.waitForFunction(() => window.gridplay?.route() === 'threes' && window.gridplay.game());
  assert.deepEqual(since(mark).filter((path) => path.endsWith('.css')), [], 'no stylesheet fetched again');
  assert.equal(await page.evaluate(() => window.samePage), true, 'no page loaded');
  assert.deepEqual(errors, []);
  await context.close();
});

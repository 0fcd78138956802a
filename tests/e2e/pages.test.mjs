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
  await page.click('#home-link');
  await page.waitForFunction(() => window.gridplay?.route() === 'home');
  assert.equal(new URL(page.url()).pathname, '/');
  await page.click('.game-card[data-game="threes"]');
  await page.waitForFunction(() => window.gridplay?.route() === 'threes' && window.gridplay.game());
  assert.equal(new URL(page.url()).pathname, '/threes.html');
  assert.equal(await page.title(), 'Threes · Gridplay');
  // Back twice: home, then 2048 as it was left.
  await page.goBack();
  await page.waitForFunction(() => window.gridplay?.route() === 'home');
  await page.goBack();
  await page.waitForFunction(() => window.gridplay?.route() === '2048' && window.gridplay.game());
  assert.equal(await page.evaluate(() => window.gridplay.game().save()), played);
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

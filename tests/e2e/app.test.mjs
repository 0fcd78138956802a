// The app around the games: home, routes, share links, settings, offline, accessibility (axe),
// CSP, and screenshots of every page for review (target/e2e-screens/).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { desktop, drawnGrid, engineGrid, holdRequests, inLightAndDark, keepCopies, moveCount, newPage, noticeShown, openPage, phone, phoneLandscape, settle, useBrowser } from './harness.mjs';
import { perGame, readGames } from '../../scripts/games.mjs';

const axeSource = readFileSync(new URL('../../node_modules/axe-core/axe.min.js', import.meta.url), 'utf8');
const screens = new URL('../../target/e2e-screens/', import.meta.url).pathname;

const env = useBrowser();

/** The direction games, whose boards these tests read tile by tile. */
const GAMES = [['threes', 'ThreesGame'], ['2048', 'Game2048']];
/** Every game of the list, by route. */
const ROUTES = readGames().map((game) => game.route);

async function waitForRoute(page, name) {
  await page.waitForFunction((want) => window.gridplay && window.gridplay.route() === want
    && (want === 'home' || window.gridplay.game()), name);
}

/** Every game route, and a player's first move on it (a key, or a click on the board). */
const FIRST_MOVE = {
  threes: (page) => pressArrows(page),
  2048: (page) => pressArrows(page),
  fifteen: (page) => pressArrows(page), // the tiles beside the gap: at least one can move
  tictactoe: (page) => page.click('.ttt-cell[data-cell="4"]'),
  mines: (page) => page.click('.mines-cell[data-cell="40"]'),
};
// A game added to the list without its first move here fails every test, not skipped by them.
perGame(FIRST_MOVE, readGames(), 'FIRST_MOVE');

/**
 * Holds back the app's code and route `route`'s until the function this resolves to is called:
 * what the page shows meanwhile is its own doing.
 */
function holdCode(page, route) {
  return holdRequests(page, new RegExp(`/js/(app/app|${route}/mount)-\\w+\\.js$`));
}

test('the first paint shows the addressed game\'s view, styled, before any code has come; the game then plays in that same view', async () => {
  const { context, page, errors } = await newPage(env.browser, phone);
  // Hold the app's and the route's code back: what shows meanwhile is the page's own doing.
  const release = await holdCode(page, '2048');
  // (Not waiting for the load event, which waits for the code held back.)
  await page.goto(`${env.server.url}2048.html`, { waitUntil: 'commit' });
  await page.waitForSelector('#view > main#game[data-game="2048"]');
  const early = await page.evaluate(async () => ({
    game: window.gridplay?.game?.() ?? null,
    title: document.getElementById('title').textContent,
    titleShown: !document.getElementById('title-row').hidden,
    howTo: document.getElementById('how-to').textContent,
    // 2048's own stylesheet is applied (its score boxes are the original's brown).
    scoreBox: getComputedStyle(document.querySelector('.score-box')).backgroundColor,
    // What the first contentful paint drew as its largest text: the view's own how-to line.
    largest: await new Promise((resolve) => {
      new PerformanceObserver((list) => resolve(list.getEntries().at(-1).element?.id))
        .observe({ type: 'largest-contentful-paint', buffered: true });
    }),
  }));
  assert.equal(early.game, null, 'the code has not come yet');
  assert.equal(early.title, '2048');
  assert.ok(early.titleShown);
  assert.match(early.howTo, /arrow keys/);
  assert.equal(early.scoreBox, 'rgb(119, 110, 101)', '2048\'s look, not the page\'s bare one');
  assert.equal(early.largest, 'how-to', 'painted, the view with it');
  await page.evaluate(() => { document.querySelector('#game').dataset.early = 'yes'; });
  release();
  await waitForRoute(page, '2048');
  assert.equal(await page.evaluate(() => document.querySelector('#game').dataset.early), 'yes', 'the view is kept, not drawn again');
  await assertPlays(page, '2048');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a day\'s deal opened by its address shows, from its first paint, the bar\'s link back to the player\'s own game', async () => {
  const { context, page, errors } = await newPage(env.browser, phone);
  const release = await holdCode(page, '2048');
  await page.goto(`${env.server.url}2048.html#daily`, { waitUntil: 'commit' });
  await page.waitForSelector('#view > main#game[data-game="2048"]');
  const dayLink = () => page.evaluate(() => {
    const link = document.getElementById('day-link');
    return { text: link.textContent.trim(), href: link.getAttribute('href'), current: link.getAttribute('aria-current'), shown: !link.hidden };
  });
  const early = await dayLink();
  assert.equal(await page.evaluate(() => window.gridplay?.game?.() ?? null), null, 'the code has not come yet');
  assert.deepEqual(early, { text: 'Your game', href: '2048.html', current: 'page', shown: true });
  release();
  await page.waitForFunction(() => window.gridplay?.game?.());
  assert.deepEqual(await dayLink(), early, 'the same once the game is in');
  assert.deepEqual(errors, []);
  await context.close();
});

test('nothing on a game\'s first screen moves when the game draws into it (no layout shift, phone upright and on its side)', async () => {
  const loads = [['phone', phone], ['phone-landscape', phoneLandscape]]
    .flatMap(([device, options]) => ROUTES.map((game) => ({ device, options, game })));
  for (const { device, options, game } of loads) {
    const { context, page, errors } = await newPage(env.browser, options);
    // A slow phone's CPU: the browser then paints the page before it has all been parsed,
    // the header before the game's screen is shown in it, as on a real one.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 12 });
    await page.addInitScript(() => {
      window.shifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          // (A score under 0.001, such as a digit's sub-pixel width, is no move anyone sees.)
          if (entry.value < 0.001) continue;
          window.shifts.push(`${entry.value.toFixed(4)} ${entry.sources.map((s) => s.node?.id || s.node?.className).join(',')}`);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(`${env.server.url}${game}.html`);
    await waitForRoute(page, game);
    await settle(page);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const { shifts, notices } = await page.evaluate(() => ({ shifts: window.shifts, notices: document.getElementById('notices').textContent }));
    assert.deepEqual(shifts, [], `#${game}, ${device}: what moved (notices: ${JSON.stringify(notices)})`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

async function pressArrows(page) {
  for (const key of ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown']) await page.keyboard.press(key);
}

/**
 * Asserts that the page shows `game`'s own view (its markup, its <template> in the page) and
 * that a first move plays.
 */
async function assertPlays(page, game, why = '') {
  assert.equal(await page.locator(`#view > main#game[data-game="${game}"]`).count(), 1, `${game}'s view is shown${why}`);
  const before = await moveCount(page);
  await FIRST_MOVE[game](page);
  await settle(page);
  assert.ok((await moveCount(page)) > before, `${game} plays${why}`);
}

test('routes are read case-insensitively, and an unknown one says so; either way the address is cleaned', async () => {
  const { context, page, errors } = await openPage(env.browser, `${env.server.url}#THREES`, desktop);
  await waitForRoute(page, 'threes');
  await page.waitForFunction(() => location.pathname.endsWith('/threes.html') && location.hash === '');
  await page.goto(`${env.server.url}#nope`);
  await waitForRoute(page, 'home');
  await noticeShown(page, 'bad-route', 'no page called “nope”');
  assert.equal(new URL(page.url()).hash, '');
  await page.goto(`${env.server.url}#Fifteen/size=3/seed=4`);
  await waitForRoute(page, 'fifteen');
  await page.waitForFunction(() => location.pathname.endsWith('/fifteen.html') && location.hash === '' && window.gridplay.game()?.width() === 3);
  assert.deepEqual(errors, []);
  await context.close();
});

test('home lists each game with its best score, and its cards open the games', async () => {
  const { context, page, errors } = await openPage(env.browser, env.server.url, desktop);
  // Nothing played yet: every card says so alike, in the first paint and once drawn.
  for (const when of ['first paint', 'drawn']) {
    if (when === 'drawn') await waitForRoute(page, 'home');
    const bests = await page.$$eval('.game-best', (els) => els.map((el) => el.textContent));
    assert.ok(bests.length >= 5 && bests.every((text) => text === '–'), `${when}: ${bests.join(', ')}`);
  }
  await page.evaluate(() => {
    localStorage.setItem('gridplay.threes.best', '321');
    localStorage.setItem('gridplay.2048.best', '4096');
    localStorage.setItem('gridplay.tictactoe.played', '1');
    localStorage.setItem('gridplay.fifteen.best.3', '22');
  });
  await keepCopies(page);
  await page.goto(`${env.server.url}`);
  await page.reload();
  await waitForRoute(page, 'home');
  assert.equal(await page.locator('a.game-card').count(), 5);
  assert.equal(await page.textContent('a.game-card[data-game="tictactoe"] .game-best'), '1 game');
  // A best per size: the card shows the sizes played to the end, not only the usual one.
  const shownText = (selector) => page.$eval(selector, (node) => node.innerText.replace(/\s+/g, ' ').trim());
  assert.equal(await shownText('a.game-card[data-game="fifteen"] .game-score'), 'BEST 3×3 22 MOVES');
  assert.equal(await shownText('a.game-card[data-game="mines"] .game-score'), 'BEST BEGINNER –');
  // A best time, as the game's clock shows it; the board it is on shown for it.
  await page.evaluate(() => localStorage.setItem('gridplay.mines.best.16x16x40', '83400'));
  await keepCopies(page);
  await page.reload();
  await waitForRoute(page, 'home');
  assert.equal(await shownText('a.game-card[data-game="mines"] .game-score'), 'BEST INTERMEDIATE 1:23');
  // The page's description (what a search result or a shared link shows) names every game.
  const description = await page.getAttribute('meta[name="description"]', 'content');
  for (const name of await page.$$eval('.game-name', (names) => names.map((n) => n.textContent))) {
    assert.ok(description.includes(name), `the description names ${name}: ${description}`);
  }
  assert.equal(await page.getAttribute('a.game-card[data-game="threes"] .game-best', 'data-value'), '321');
  assert.equal(await page.getAttribute('a.game-card[data-game="2048"] .game-best', 'data-value'), '4096');
  for (const [game] of GAMES) {
    await page.click(`a.game-card[data-game="${game}"]`);
    await waitForRoute(page, game);
    assert.equal(new URL(page.url()).pathname, `/${game}.html`, 'a card opens its game\'s page');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowUp');
    await settle(page);
    assert.deepEqual(await drawnGrid(page), await engineGrid(page));
    await page.click('#home-link');
    await waitForRoute(page, 'home');
  }
  // Every card opens its game, its code and engine loaded with its route, and it plays.
  for (const game of ROUTES) {
    await page.click(`a.game-card[data-game="${game}"]`);
    await waitForRoute(page, game);
    await assertPlays(page, game);
    await page.click('#home-link');
    await waitForRoute(page, 'home');
  }
  await page.goBack();
  await waitForRoute(page, 'mines');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a share link opens the same deal twice, and then resumes rather than re-deals', async () => {
  for (const [game] of GAMES) {
    const grids = [];
    for (let visit = 0; visit < 2; visit += 1) {
      const { context, page, errors } = await openPage(env.browser, `${env.server.url}${game}.html#seed=12345`, desktop);
      await waitForRoute(page, game);
      assert.equal(await page.evaluate(() => window.gridplay.game().seed()), 12345);
      assert.equal(await moveCount(page), 0);
      grids.push(await engineGrid(page));
      assert.equal(new URL(page.url()).pathname + new URL(page.url()).hash, `/${game}.html`, 'the link is spent: the game\'s own address');
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowDown');
      await settle(page);
      const save = await page.evaluate(() => window.gridplay.game().save());
      await page.reload();
      await waitForRoute(page, game);
      assert.equal(await page.evaluate(() => window.gridplay.game().save()), save);
      assert.deepEqual(errors, []);
      await context.close();
    }
    assert.deepEqual(grids[0], grids[1], `${game}: the same deal`);
  }
});

test('a share link asks before replacing a game in progress; a bad link says so', async () => {
  const { context, page, errors } = await openPage(env.browser, `${env.server.url}threes.html#seed=1`, desktop);
  await waitForRoute(page, 'threes');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowUp');
  await settle(page);
  const save = await page.evaluate(() => window.gridplay.game().save());
  await page.goto(`${env.server.url}threes.html#seed=2`);
  await page.locator('#confirm-dialog').waitFor({ state: 'visible' });
  await page.click('#confirm-cancel');
  // Declined or not, the link is spent: the address becomes the game's own again. (Opening
  // the same link before that would be no navigation at all.)
  await page.waitForFunction(() => location.pathname.endsWith('/threes.html') && location.hash === '');
  assert.equal(await page.evaluate(() => window.gridplay.game().save()), save);
  await page.goto(`${env.server.url}threes.html#seed=2`);
  await page.click('#confirm-ok');
  await page.waitForFunction(() => window.gridplay.game().seed() === 2);
  await page.goto(`${env.server.url}threes.html#seed=-7`);
  await noticeShown(page, 'bad-link');
  assert.equal(await page.evaluate(() => window.gridplay.game().seed()), 2);
  assert.deepEqual(errors, []);
  await context.close();
});

test('Share this deal copies the link, or shows it to copy by hand', async () => {
  const { context, page, errors } = await openPage(env.browser, `${env.server.url}2048.html#seed=777`, desktop);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.server.url });
  await waitForRoute(page, '2048');
  await page.click('#share');
  await noticeShown(page, 'shared');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), `${env.server.url}2048.html#seed=777`);
  assert.deepEqual(errors, []);
  await context.close();

  const bare = await openPage(env.browser, `${env.server.url}threes.html#seed=55`, desktop, {
    init: () => Object.defineProperty(navigator, 'clipboard', { value: undefined }),
  });
  await waitForRoute(bare.page, 'threes');
  await bare.page.click('#share');
  await bare.page.locator('#share-fallback').waitFor({ state: 'visible' });
  assert.equal(await bare.page.inputValue('#share-fallback'), `${env.server.url}threes.html#seed=55`);
  assert.deepEqual(bare.errors, []);
  await bare.context.close();
});

test('settings: theme, motion and vibration persist and apply at once', async () => {
  const { context, page, errors } = await openPage(env.browser, `${env.server.url}threes.html`, { ...desktop, colorScheme: 'light' });
  await waitForRoute(page, 'threes');
  assert.equal(await page.getAttribute('html', 'data-theme'), 'light');
  await page.click('#settings-button');
  await page.locator('#settings').waitFor({ state: 'visible' });
  // The browser's bar (theme-color) takes the page's background, light and then dark.
  const barMatchesPage = () => page.waitForFunction(() => [...document.querySelectorAll('meta[name="theme-color"]')]
    .every((meta) => meta.content === getComputedStyle(document.body).backgroundColor));
  await barMatchesPage();
  const lightBar = await page.getAttribute('meta[name="theme-color"]', 'content');
  await page.check('input[name="theme"][value="dark"]');
  assert.equal(await page.getAttribute('html', 'data-theme'), 'dark');
  await barMatchesPage();
  assert.notEqual(await page.getAttribute('meta[name="theme-color"]', 'content'), lightBar);
  await page.check('input[name="motion"][value="off"]');
  assert.equal(await page.getAttribute('html', 'data-motion'), 'off');
  const canVibrate = await page.evaluate(() => typeof navigator.vibrate === 'function');
  if (canVibrate) await page.check('#vibrate');
  await page.click('#settings-close');
  await page.reload();
  await waitForRoute(page, 'threes');
  assert.equal(await page.getAttribute('html', 'data-theme'), 'dark');
  assert.equal(await page.getAttribute('html', 'data-motion'), 'off');
  if (canVibrate) {
    await page.click('#settings-button');
    await page.locator('#settings').waitFor({ state: 'visible' });
    assert.equal(await page.isChecked('#vibrate'), true);
    await page.click('#settings-close');
  }
  // Motion off: a move is drawn at once, as with reduced motion.
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowUp');
  await settle(page);
  assert.deepEqual(await drawnGrid(page), await engineGrid(page));
  await page.click('#settings-button');
  await page.check('input[name="theme"][value="auto"]');
  await page.emulateMedia({ colorScheme: 'dark' });
  // The system's change arrives as a media-query event: auto follows it.
  await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
  assert.deepEqual(errors, []);
  await context.close();
});

test('offline: after one visit the app loads and plays with the network off', async () => {
  const { context, page, errors } = await openPage(env.browser, `${env.server.url}threes.html`, { ...phone, serviceWorkers: 'allow' });
  await waitForRoute(page, 'threes');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    }
  });
  // Every game's engine is precached with the rest, not only the game visited.
  const uncached = await page.evaluate(async (engines) => {
    const missing = [];
    for (const engine of engines) if (!await caches.match(`pkg/${engine}_bg.wasm`)) missing.push(engine);
    return missing;
  }, readGames().map((game) => game.route)); // each game's engine is named by its route
  assert.deepEqual(uncached, [], 'every game\'s engine in the offline cache');
  await context.setOffline(true);
  for (const [game] of GAMES) {
    await page.goto(`${env.server.url}${game}.html`);
    await page.reload();
    await waitForRoute(page, game);
    const before = await moveCount(page);
    for (const key of ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown']) await page.keyboard.press(key);
    await settle(page);
    assert.ok((await moveCount(page)) > before, `${game} plays offline`);
    assert.deepEqual(await drawnGrid(page), await engineGrid(page));
  }
  // Games first opened offline: their files (markup, code, styles, engine) were precached,
  // not only the ones visited.
  for (const game of ROUTES.filter((route) => !GAMES.some(([name]) => name === route))) {
    await page.goto(`${env.server.url}${game}.html`);
    await page.reload();
    await waitForRoute(page, game);
    await assertPlays(page, game, ' offline');
  }
  // A link from before each game had its page: home's page sends it on, both from the cache,
  // and it asks before it replaces the game played above.
  await page.goto(`${env.server.url}fifteen.html#size=3/seed=4`);
  await page.waitForFunction(() => location.pathname.endsWith('/fifteen.html') && window.gridplay?.game());
  await page.locator('#confirm-dialog').waitFor({ state: 'visible' });
  await page.click('#confirm-ok');
  await page.waitForFunction(() => window.gridplay.game().link() === 'size=3/seed=4');
  // Between the pages by their links, offline: each game's screen taken from the cache into the
  // one document, its game as it was left (tic-tac-toe's and Minesweeper's first moves above
  // are taken: the keys' games are played on).
  await page.evaluate(() => { window.samePage = true; });
  for (const game of ROUTES) {
    await page.click('#home-link');
    await waitForRoute(page, 'home');
    await page.click(`.game-card[data-game="${game}"]`);
    await waitForRoute(page, game);
    if (!['tictactoe', 'mines'].includes(game)) await assertPlays(page, game, ' moved to offline');
    else assert.equal(await page.locator(`#view > main#game[data-game="${game}"]`).count(), 1, `${game}'s view is shown`);
  }
  assert.equal(await page.evaluate(() => window.samePage), true, 'no page loaded');
  assert.deepEqual(errors, []);
  await context.close();
});

test('after one visit, a path that is not the app\'s gets the server\'s 404, and offline a small page that works from any path', async () => {
  const { context, page, errors } = await openPage(env.browser, env.server.url, { ...phone, serviceWorkers: 'allow' });
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    }
  });
  const wrong = `${env.server.url}foo/bar`;
  // Where each console error came from: the wrong page's own status (404, or offline 503) is
  // the answer asked for; anything else failing (its styles, its scripts) is a broken page.
  const sources = [];
  page.on('console', (msg) => msg.type() === 'error' && sources.push(msg.location().url));
  const response = await page.goto(wrong);
  assert.equal(response.status(), 404);
  assert.equal(await page.locator('.app, link[rel="stylesheet"], script').count(), 0, 'not the app\'s page');
  await context.setOffline(true);
  await page.goto(wrong);
  const home = page.locator('a', { hasText: /gridplay/i });
  assert.equal(new URL(await home.evaluate((a) => a.href)).href, env.server.url, 'a way to the app');
  assert.equal(await page.locator('link[rel="stylesheet"], script').count(), 0, 'nothing that would need the network');
  // The app's own address still opens the app offline.
  await page.goto(`${env.server.url}index.html#threes`);
  await waitForRoute(page, 'threes');
  // (/favicon.ico is the browser's own guess for the server's plain-text 404, not the app's.)
  const own = [wrong, `${env.server.url}favicon.ico`];
  assert.deepEqual(sources.filter((url) => !own.includes(url)), [], `only the wrong page's own status: ${errors.join(' | ')}`);
  assert.equal(errors.length, sources.length, 'no uncaught exceptions');
  await context.close();
});

/** Every page: home's, and each game's. */
const PAGES = [['home', ''], ...ROUTES.map((route) => [route, `${route}.html`])];

test('a first load downloads each file once, compressed, and only what its page shows', async () => {
  for (const name of ['', ...ROUTES]) {
    const { context, page, errors } = await newPage(env.browser, desktop);
    const responses = [];
    page.on('response', (response) => responses.push(response));
    await page.goto(`${env.server.url}${name ? `${name}.html` : ''}`);
    await waitForRoute(page, name || 'home');
    // What was asked for until the first screen was up, by the page's own mark of it (a busy
    // machine may let this test see the screen well after, when what comes later has come);
    // the worker precaches the rest in its own requests later.
    const shown = await page.evaluate(() => performance.timeOrigin
      + performance.getEntriesByName('gridplay:interactive')[0].startTime);
    const files = responses.filter((r) => !r.request().serviceWorker() && r.request().timing().startTime <= shown)
      .map((r) => new URL(r.url()).pathname.slice(1) || 'index.html');
    const twice = files.filter((file, i) => files.indexOf(file) !== i);
    assert.deepEqual(twice, [], `#${name}: downloaded twice`);
    // Each file was asked for up front (by the page, or by boot.js's list of a route's files),
    // none found only when a module's import was reached: an import missing from boot.js fails here.
    const named = await page.evaluate(() => [...document.querySelectorAll('link[href], script[src]')]
      .map((el) => new URL(el.href || el.src).pathname.slice(1)));
    // (Home's stats, which fill its cards' lines once the list is up, and the helpers' controls
    // and Ask the board, made once the board is up, come after on purpose.)
    const asking = ['js/features/ask.js', 'css/ask.css'];
    const helpers = ['js/helpers/buttons.js', 'js/helpers/controls.js', ...asking];
    const afterwards = { '': ['js/features/stats-view.js', 'css/stats.css'], threes: helpers, 2048: helpers, fifteen: helpers }[name] ?? asking;
    const late = files.filter((file) => /^(js|css|pkg)\//.test(file) && !named.includes(file) && !afterwards.includes(file));
    assert.deepEqual(late, [], `#${name}: loaded without being named up front`);
    // Each game loads its own engine and no other; home loads none.
    const engines = files.filter((file) => file.endsWith('_bg.wasm'));
    assert.deepEqual(engines, name ? [`pkg/${name}_bg.wasm`] : [], `#${name}: its own engine only`);
    // A page's stylesheets are in it: no first load fetches one (home's stats may have
    // fetched theirs by now, or not yet).
    assert.deepEqual(files.filter((file) => file.endsWith('.css') && !afterwards.includes(file)), [], `#${name}: stylesheets fetched`);
    // A game's markup is in its page: no page fetches any.
    assert.deepEqual(files.filter((file) => file.endsWith('view.html')), [], `#${name}: no markup fetched`);
    for (const response of responses) {
      const type = response.headers()['content-type'] ?? '';
      if (/javascript|css|html|wasm|json/.test(type)) {
        assert.match(response.headers()['content-encoding'] ?? '', /^(br|gzip)$/, `${response.url()} compressed`);
      }
    }
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('an engine served under another type than application/wasm still loads, and the game plays', async () => {
  // The page compiles its engine as it streams in, which browsers refuse for any other type:
  // it then compiles the whole file once it is in.
  const { context, page, errors } = await newPage(env.browser, desktop);
  let served = 0;
  await page.route(/_bg\.wasm$/, async (route) => {
    const response = await route.fetch();
    const headers = Object.fromEntries(Object.entries(response.headers())
      .filter(([name]) => !['content-encoding', 'content-length'].includes(name.toLowerCase())));
    served += 1;
    await route.fulfill({ response, headers: { ...headers, 'content-type': 'application/octet-stream' } });
  });
  await page.goto(`${env.server.url}mines.html`);
  await waitForRoute(page, 'mines');
  assert.ok(served > 0, 'the engine came through the wrong type');
  const before = await moveCount(page);
  await FIRST_MOVE.mines(page);
  await page.waitForFunction((n) => window.gridplay.game().moveCount() > n, before);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the first game starts whether its engine or its code comes before the app runs or after', async () => {
  // The page runs the addressed game's code as its own script and compiles its engine as it
  // streams, so the app usually finds both in hand; on a slow line either can come after the
  // app has run, and the game starts all the same (a move plays, nothing logged).
  for (const late of [/_bg\.wasm$/, /\/js\/2048\/mount-[^/]*\.js$/]) {
    const { context, page, errors } = await newPage(env.browser, desktop);
    let held = 0;
    await page.route(late, async (route) => {
      held += 1;
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await page.goto(`${env.server.url}2048.html`);
    await waitForRoute(page, '2048');
    assert.equal(held, 1, `${late}: held back once`);
    const before = await moveCount(page);
    await FIRST_MOVE['2048'](page);
    await page.waitForFunction((n) => window.gridplay.game().moveCount() > n, before);
    assert.deepEqual(errors, [], `${late}`);
    await context.close();
  }
});

test('axe-core finds no accessibility violations on any page, light or dark', async () => {
  for (const [name, hash] of PAGES) {
    const { context, page, errors } = await openPage(env.browser, `${env.server.url}${hash}`, desktop);
    await waitForRoute(page, name);
    await page.evaluate(axeSource);
    await inLightAndDark(page, async (colorScheme) => {
      const violations = await page.evaluate(async () => {
        const result = await window.axe.run(document);
        return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      });
      assert.deepEqual(violations, [], `${name} (${colorScheme})`);
    });
    assert.deepEqual(errors, []);
    await context.close();
  }
});

/** Controls, scores and text around the board that overlap it or leave the screen. */
function clippedControls(page) {
  return page.evaluate(() => {
    const board = document.getElementById('board')?.getBoundingClientRect();
    const overlaps = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    const outside = 'a, button, h1, .bar-button-text, .stat, .next-box, .how-to';
    return [...document.querySelectorAll(outside)].filter((el) => !el.closest('#board, dialog, .notices'))
      .filter((el) => el.getClientRects().length > 0 && el.getBoundingClientRect().width > 1)
      .filter((el) => {
        const r = el.getBoundingClientRect();
        // The home list may scroll below the fold; its header, and every game page, may not.
        const mayScroll = document.body.dataset.route === 'home' && !el.closest('.top');
        const offScreen = r.left < 0 || r.right > innerWidth
          || (!mayScroll && (r.top < 0 || r.bottom > innerHeight));
        return offScreen || (board && overlaps(r, board));
      })
      .map((el) => el.id || el.textContent.trim());
  });
}

test('phones, upright and sideways: the game right under the header, the board as large as fits, everything around it on screen', async () => {
  const small = { ...phone, viewport: { width: 360, height: 640 } };
  for (const [device, options] of [['390×844', phone], ['844×390', phoneLandscape], ['360×640', small]]) {
    for (const [name, hash] of PAGES.filter(([page]) => page !== 'home')) {
      const { context, page, errors } = await openPage(env.browser, `${env.server.url}${hash}`, options);
      await waitForRoute(page, name);
      const at = `${name}, ${device}`;
      const m = await page.evaluate(() => {
        const rect = (el) => el.getBoundingClientRect();
        const shown = [...document.querySelectorAll('.app *')]
          .filter((el) => el.getClientRects().length > 0 && !el.closest('dialog'));
        return {
          width: innerWidth,
          height: innerHeight,
          bar: rect(document.querySelector('.bar')).toJSON(),
          title: rect(document.getElementById('title')).toJSON(),
          board: rect(document.getElementById('board')).toJSON(),
          lowest: Math.max(...shown.map((el) => rect(el).bottom)),
        };
      });
      if (m.height > m.width) {
        assert.ok(m.title.top - m.bar.bottom <= 24, `${at}: ${Math.round(m.title.top - m.bar.bottom)} px between header and title`);
      }
      // As large as fits: the board spans the width it may have (440 px at most), or else the
      // height is what stops it, and then there is no empty band under the game.
      const fullWidth = m.board.width >= Math.min(m.width - 24, 440) - 1;
      const fullHeight = m.height - m.lowest <= 40;
      assert.ok(fullWidth || fullHeight,
        `${at}: board ${Math.round(m.board.width)}×${Math.round(m.board.height)}, ${Math.round(m.height - m.lowest)} px unused under the game`);
      assert.deepEqual(await clippedControls(page), [], `${at}: everything around the board clear of it and on screen`);
      assert.deepEqual(errors, []);
      await context.close();
    }
  }
});

test('the labels of the figures (Score, Best, Next, Moves, Time) are at least 13 px, on a phone and a desktop', async () => {
  for (const options of [phone, desktop]) {
    // Tic-tac-toe shows no figures, only a tally line.
    for (const [name, hash] of PAGES.filter(([page]) => page !== 'home' && page !== 'tictactoe')) {
      const { context, page, errors } = await openPage(env.browser, `${env.server.url}${hash}`, options);
      await waitForRoute(page, name);
      const labels = await page.$$eval('.stat-label', (els) => els.filter((el) => el.getClientRects().length > 0)
        .map((el) => [el.textContent.trim(), parseFloat(getComputedStyle(el).fontSize)]));
      assert.ok(labels.length >= 2, `${name}: labels found`);
      assert.deepEqual(labels.filter(([, px]) => px < 13), [], `${name}, ${options.viewport.width} px wide`);
      assert.deepEqual(errors, []);
      await context.close();
    }
  }
});

test('on a desktop the bar above a game is no wider than the game\'s column, and its buttons keep their names', async () => {
  const { context, page, errors } = await openPage(env.browser, `${env.server.url}`, desktop);
  for (const [name, hash] of PAGES.filter(([route]) => route !== 'home')) {
    await page.goto(`${env.server.url}${hash}`);
    await waitForRoute(page, name);
    const [bar, column] = await page.$$eval('.bar, #title-row', (els) => els.map((el) => el.getBoundingClientRect().right));
    // (The bar reaches 6 px past the column, the hover round of its last button.)
    assert.ok(bar <= column + 6.5, `${name}: bar to ${bar} px, column to ${column} px`);
    for (const id of ['stats-button', 'settings-button']) assert.match(await page.locator(`#${id}`).textContent(), /\w/);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('home\'s day\'s deals: each game\'s name fits inside its card, on a phone and a desktop', async () => {
  for (const options of [phone, desktop]) {
    const { context, page, errors } = await openPage(env.browser, `${env.server.url}`, options);
    await page.waitForSelector('.today-link');
    const overflowing = await page.$$eval('.today-name', (names) => names.filter((name) => name.scrollWidth > name.clientWidth).map((name) => name.textContent));
    assert.deepEqual(overflowing, [], `${options.viewport.width} px wide`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('screenshots of every page, phone (upright and sideways) and desktop, light and dark; nothing clipped', async () => {
  mkdirSync(screens, { recursive: true });
  for (const [device, options] of [['phone', phone], ['phone-landscape', phoneLandscape], ['desktop', desktop]]) {
    for (const [name, hash] of PAGES) {
      const { context, page, errors } = await openPage(env.browser, `${env.server.url}${hash}`, options);
      await waitForRoute(page, name);
      if (name !== 'home') {
        for (const key of ['ArrowLeft', 'ArrowUp', 'ArrowRight']) await page.keyboard.press(key);
        await settle(page);
      }
      // inLightAndDark lets the last new tile and any "+N" finish, so the picture shows the
      // board at rest (their animations' own ends, however late the frames come on a busy machine).
      await inLightAndDark(page, async (colorScheme) => {
        await page.screenshot({ path: `${screens}${name}-${device}-${colorScheme}.png` });
        const overflow = await page.evaluate(() => document.scrollingElement.scrollHeight - window.innerHeight);
        if (name !== 'home') assert.equal(overflow, 0, `${name} on ${device} (${colorScheme}) fits without scrolling`);
        assert.deepEqual(await clippedControls(page), [], `${name} on ${device} (${colorScheme}): everything around the board clear of it and on screen`);
      });
      assert.deepEqual(errors, []);
      await context.close();
    }
  }
});

// The games in three browser engines, Chromium, Firefox and WebKit, by one WebDriver client
// (../webdriver.mjs): each game opens a shared deal and plays by keys, taps and swipes;
// Minesweeper's long press flags; Undo right after a swipe; a replay link steps; the day's deal
// opens; a reload keeps the game; a second visit works offline; and no page logs an error.
// Chromium keeps the full suite (../*.test.mjs); this set is what every engine must do alike.
//
// Where an engine's driver lacks something, the test says so (a `#` diagnostic line) and checks
// the next best thing: WebKitWebDriver delivers a touch action as a mouse, so in WebKit a swipe
// is a mouse drag and the long press a right click; it has no BiDi log, so errors are caught by
// a watcher put in each page once it has loaded.
import assert from 'node:assert/strict';
import { after, afterEach, before, describe, test } from 'node:test';
import { perGame, readGames } from '../../../scripts/games.mjs';
import { startServer } from '../harness.mjs';
import { ENGINES, missing, startSession } from '../webdriver.mjs';

const ENGINE_LIST = (process.env.GRIDPLAY_ENGINES ?? 'chromium,firefox,webkit').split(',');

/** The share link of a deal of each game, and a player's key move on it. */
const DEALS = {
  threes: { link: 'seed=7', keys: ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown'] },
  2048: { link: 'seed=7', keys: ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown'] },
  fifteen: { link: 'size=3/seed=7', keys: ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown'] },
  // The cursor's games: an arrow puts the cursor on the board, Enter acts on its square.
  tictactoe: { link: '', keys: ['ArrowRight', 'Enter'] },
  mines: { link: '9x9x10/seed=7', keys: ['ArrowRight', 'Enter'] },
};

const moveCount = (session) => session.run(() => window.gridplay.game().moveCount());
const settle = (session) => session.waitFor(() => !window.gridplay.busy());

for (const engine of ENGINE_LIST) {
  const { title } = ENGINES[engine];
  const lacking = missing(engine);
  describe(title, { skip: lacking ? `${lacking} is not installed (scripts/setup.sh installs it)` : false }, () => {
    let server;
    let session;
    // Whether a touch action reaches the page as touch (pointerType 'touch').
    let touch;

    before(async () => {
      server = await startServer();
      session = await startSession(engine);
      await session.setWindow(420, 900);
      await session.go(`${server.url}#threes`);
      await session.run(() => {
        window.__pointer = null;
        document.addEventListener('pointerdown', (event) => { window.__pointer = event.pointerType; }, { once: true });
      });
      await session.pointer('#board', { pointerType: 'touch' });
      touch = (await session.run(() => window.__pointer)) === 'touch';
    });

    after(async () => {
      await session?.quit();
      await server?.stop();
    });

    afterEach(async () => {
      assert.deepEqual(await session.errors(), [], `${title}: errors logged`);
    });

    /** Opens `route`'s deal `link` in a browser with nothing kept. */
    const open = async (route, link = DEALS[route].link) => {
      // Everything kept: localStorage and the site's records (IndexedDB), as a fresh visitor.
      // (The page before's writes done first: one still on its way would put its copy back.)
      await session.runAsync(async () => {
        await window.gridplay?.idle?.();
        return new Promise((resolve) => {
          localStorage.clear();
          const request = indexedDB.deleteDatabase('gridplay');
          request.onsuccess = resolve;
          request.onerror = resolve;
        });
      });
      // A new document each time (not a change of hash): Firefox's WebDriver refresh leaves a
      // page its service worker does not control, and the page after it would inherit that.
      await session.blank();
      await session.go(`${server.url}#${route}${link ? `/${link}` : ''}`);
      await session.waitFor((want) => window.gridplay.route() === want && window.gridplay.game(), route);
    };

    /** A swipe on the board: a finger where the driver has touch, else the mouse. */
    const swipe = (direction) => {
      const d = 90;
      const [dx, dy] = { up: [0, -d], down: [0, d], left: [-d, 0], right: [d, 0] }[direction];
      const steps = [1, 2, 3, 4].map((i) => [(dx * i) / 4, (dy * i) / 4]);
      return session.pointer('#board', { pointerType: touch ? 'touch' : 'mouse', steps });
    };

    test('the drivers: an error logged is seen; whether touch is touch', async (t) => {
      t.diagnostic(`${title}: console errors from ${session.errorsFrom}`);
      if (!touch) t.diagnostic(`${title}: its driver delivers a touch action as a mouse; swipes are checked as mouse drags, the long press as a right click`);
      // Every test ends asserting no error was logged: that check must see one.
      await session.run(() => console.error('gridplay: an error on purpose'));
      // (The limit only ends a hung test: the log may come late on a busy machine.)
      const deadline = Date.now() + 60_000;
      let seen = [];
      while (!seen.some((text) => text.includes('an error on purpose')) && Date.now() < deadline) {
        seen = [...seen, ...await session.errors()];
        await new Promise((resolve) => { setTimeout(resolve, 50); });
      }
      assert.ok(seen.some((text) => text.includes('an error on purpose')), `${title}: the error was not seen`);
    });

    test('each game opens its shared deal and plays by keys', async () => {
      for (const [route, deal] of perGame(DEALS, readGames(), 'DEALS')) {
        await open(route);
        if (deal.link) {
          const link = await session.run(() => window.gridplay.game().link());
          assert.equal(link, deal.link, `${route}: the link's deal`);
        }
        await session.press(...deal.keys);
        await settle(session);
        assert.ok(await moveCount(session) >= 1, `${route} plays by keys`);
      }
    });

    test('taps play on the squares: a Fifteen tile, a Minesweeper square, a tic-tac-toe square', async () => {
      await open('fifteen');
      const tile = await session.run(() => {
        const game = window.gridplay.game();
        const blank = game.cells().indexOf(0);
        // The tile beside the gap, left or right of it.
        return blank % 3 === 0 ? blank + 1 : blank - 1;
      });
      await session.pointer(`.fifteen-tile[data-cell="${tile}"]`, { pointerType: touch ? 'touch' : 'mouse' });
      await settle(session);
      assert.equal(await moveCount(session), 1, 'fifteen: a tap slides the tile');
      await open('mines');
      await session.pointer('.mines-cell[data-cell="40"]', { pointerType: touch ? 'touch' : 'mouse' });
      await settle(session);
      assert.equal(await moveCount(session), 1, 'mines: a tap digs');
      assert.equal(await session.run(() => window.gridplay.game().status()), 'playing');
      await open('tictactoe');
      await session.pointer('.ttt-cell[data-cell="4"]', { pointerType: touch ? 'touch' : 'mouse' });
      await settle(session);
      assert.equal(await session.run(() => window.gridplay.game().cells()[4]), 1, 'tictactoe: X on the tapped square');
    });

    test('swipes move Threes, 2048 and Fifteen', async () => {
      for (const route of ['threes', '2048', 'fifteen']) {
        await open(route);
        for (const direction of ['left', 'up', 'right', 'down']) {
          await swipe(direction);
          await settle(session);
        }
        assert.ok(await moveCount(session) >= 1, `${route}: the swipes moved it`);
      }
    });

    test('Undo right after a swipe takes the move back', async () => {
      await open('2048');
      // Two swipes that each move something (worked out on a copy of the game), and at once Undo.
      const [first, second] = await session.run(() => {
        const game = window.gridplay.game();
        const copy = game.constructor.load(game.save());
        const one = copy.moves()[0];
        copy.play(one);
        return [one, copy.moves()[0]];
      });
      await swipe(first);
      await swipe(second);
      await session.click('#undo');
      await settle(session);
      const [moves, save] = await session.run(() => [window.gridplay.game().moveCount(), window.gridplay.game().save()]);
      assert.equal(moves, 1, `one of two swipes undone (${save})`);
    });

    test('a replay link steps, by key and by button', async () => {
      await open('2048');
      await session.press('ArrowLeft', 'ArrowUp', 'ArrowRight');
      await settle(session);
      const save = await session.run(() => window.gridplay.game().save());
      const steps = await moveCount(session);
      await session.go(`${server.url}#2048/replay=${save}`);
      const where = () => session.waitFor(() => document.querySelector('.replay-where')?.textContent);
      assert.equal(await where(), `Move 0 of ${steps}`);
      await session.press('ArrowRight');
      await session.waitFor((want) => document.querySelector('.replay-where')?.textContent === want, `Move 1 of ${steps}`);
      await session.click('[data-act="forward"]');
      await session.waitFor((want) => document.querySelector('.replay-where')?.textContent === want, `Move 2 of ${steps}`);
    });

    test('the day\'s deal opens', async () => {
      await session.go(`${server.url}#2048/daily`);
      await session.waitFor(() => window.gridplay.route() === '2048' && window.gridplay.game());
      assert.match(await session.run(() => document.getElementById('title').textContent), /Today.s deal/);
      await session.press('ArrowLeft', 'ArrowUp');
      await settle(session);
      assert.ok(await moveCount(session) >= 1);
    });

    test('a reload keeps the game', async () => {
      await open('fifteen');
      await session.press('ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown');
      await settle(session);
      const before = await session.run(() => window.gridplay.game().save());
      await session.reload();
      await session.waitFor(() => window.gridplay.game());
      assert.equal(await session.run(() => window.gridplay.game().save()), before);
    });

    // After every drag: WebKitWebDriver leaves a right click's button held, so a later mouse
    // drag would be a chorded move, not a press.
    test('Minesweeper: a long press flags (a right click where there is no touch)', async () => {
      await open('mines');
      await session.pointer('.mines-cell[data-cell="40"]', { pointerType: touch ? 'touch' : 'mouse' });
      await settle(session);
      const covered = await session.run(() => window.gridplay.game().cells().indexOf(window.gridplay.game().constructor.cellCodes().hidden));
      assert.ok(covered >= 0);
      const square = `.mines-cell[data-cell="${covered}"]`;
      // Held until the press has acted (a square flagged), not for a fixed time.
      const flagShown = () => {
        const game = window.gridplay.game();
        return game.cells().includes(game.constructor.cellCodes().flag);
      };
      if (touch) await session.pointer(square, { pointerType: 'touch', until: flagShown });
      else await session.pointer(square, { pointerType: 'mouse', button: 2 });
      await settle(session);
      const flagged = await session.run((cell) => {
        const game = window.gridplay.game();
        return game.cells()[cell] === game.constructor.cellCodes().flag;
      }, covered);
      assert.ok(flagged, 'the square is flagged');
    });

    // Last: it stops the server.
    test('a second visit works offline', async () => {
      await open('threes');
      const controlled = await session.runAsync(async () => {
        await navigator.serviceWorker.ready;
        if (!navigator.serviceWorker.controller) {
          await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
        }
        return Boolean(navigator.serviceWorker.controller);
      });
      assert.equal(controlled, true, 'the service worker controls the page');
      const { url } = server;
      await server.stop();
      server = null;
      // A second visit, not a reload: Firefox's WebDriver refresh goes past the service worker.
      await session.blank();
      await session.go(`${url}#threes`);
      await session.waitFor(() => window.gridplay.route() === 'threes' && window.gridplay.game());
      const before = await moveCount(session);
      await session.press('ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown');
      await settle(session);
      assert.ok(await moveCount(session) > before, 'plays offline');
    });
  });
}

// The shell (shared/shell.js) with a game whose moves are not directions, in the real page:
// "Lamps", a row of lamps where a move is a lamp's index that switches it, and the game is
// won once every lamp is lit. It has no isOver(), score() or lastMove(): the wiring says how
// it ends, what its best is (fewest moves, one per number of lamps) and how a deal is linked,
// and its own input (the digit keys) hands moves to the shell. Threes and 2048 test the
// direction games' side of the same code (threes.test.mjs, game2048.test.mjs, games.test.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, serveSources, useBrowser } from './harness.mjs';

const env = useBrowser();

/**
 * In the page (at home, so no game of the app's own is running): the Lamps game, a view that
 * writes the lamps as text, markup with its own board and game-over dialog, and
 * window.lamps.mount(), which starts a shell on them, as a game's mount.js would.
 */
async function installLamps() {
  // The modules as written (the site has them only inside its bundles).
  const { GameShell, readParams, readSeed } = await import('/src/js/shared/shell.js');
  const { SafeStorage } = await import('/src/js/shared/storage.js');
  class Lamps {
    constructor({ size, seed }) {
      this.size = size;
      this.dealtFrom = seed;
      this.lit = Array(size).fill(false);
      this.log = [];
    }

    static load(text) {
      const match = /^lamps\.(\d)\.(\d+|-)\.([\d,]*)$/.exec(text);
      if (!match) throw new Error('not a Lamps save');
      const game = new Lamps({ size: Number(match[1]), seed: match[2] === '-' ? null : Number(match[2]) });
      for (const i of match[3] ? match[3].split(',') : []) game.move(Number(i));
      return game;
    }

    move(i) {
      if (!Number.isInteger(i) || i < 0 || i >= this.size) return false;
      this.lit[i] = !this.lit[i];
      this.log.push(i);
      return true;
    }

    undo() {
      if (this.log.length === 0) return false;
      const i = this.log.pop();
      this.lit[i] = !this.lit[i];
      return true;
    }

    won() { return this.lit.every(Boolean); }
    moveCount() { return this.log.length; }
    seed() { return this.dealtFrom; }
    save() { return `lamps.${this.size}.${this.dealtFrom ?? '-'}.${this.log.join(',')}`; }
    free() {}
  }

  const main = document.createElement('main');
  main.innerHTML = `
    <div id="lamps-board" tabindex="0"></div>
    <button type="button" id="lamps-undo">Undo</button>
    <dialog id="lamps-over"><form method="dialog">
      <h2 id="lamps-over-title">Over</h2><p>Moves <strong id="lamps-result"></strong></p>
      <button value="undo" id="lamps-over-undo">Undo</button>
      <button value="new" id="lamps-over-new">New game</button>
    </form></dialog>`;
  document.getElementById('view').replaceChildren(main);
  const byId = (id) => document.getElementById(id);
  const board = byId('lamps-board');

  const refused = [];
  const options = {
    name: 'lamps',
    storage: new SafeStorage(),
    createGame: (deal) => new Lamps(deal ?? { size: 4, seed: 1 }),
    loadGame: (text) => Lamps.load(text),
    view: {
      reducedMotion: true, // no pause before the game-over panel
      draw(game) {
        board.textContent = game.lit.map((on) => (on ? 'o' : '.')).join('');
      },
      animate(game) {
        this.draw(game);
        return Promise.resolve();
      },
      status: (game) => `${game.lit.filter(Boolean).length} of ${game.size} lit.`,
    },
    elements: {
      board,
      newGame: byId('new-game'),
      undo: byId('lamps-undo'),
      confirmDialog: byId('confirm-dialog'),
      gameOverDialog: byId('lamps-over'),
      gameOverTitle: byId('lamps-over-title'),
      finalScore: byId('lamps-result'),
      notices: byId('notices'),
      announcer: byId('announcer'),
    },
    // The game's own input: a digit key is that lamp. It does not look for open dialogs,
    // so the shell is what keeps it out of them.
    input(shell) {
      const onKey = (event) => {
        if (/^\d$/.test(event.key)) shell.enqueue(Number(event.key));
      };
      document.addEventListener('keydown', onKey);
      return { destroy: () => document.removeEventListener('keydown', onKey) };
    },
    moveText: (i) => `Switched lamp ${i}.`,
    refuse(i, shell) {
      refused.push(i);
      shell.announce(`There is no lamp ${i}.`);
    },
    undo: true,
    ending: (game) => (game.won()
      ? { said: `All lit in ${game.moveCount()} moves.`, result: game.moveCount(), title: 'All lit!', outcome: 'won' }
      : null),
    best: {
      key: (game) => `gridplay.lamps.best.${game.size}`,
      value: (game) => (game.won() ? game.moveCount() : null),
      lower: true,
    },
    deals: {
      of: (game) => (game.seed() === null ? null : { size: game.size, seed: game.seed() }),
      toLink: ({ size, seed }) => [`size=${size}`, `seed=${seed}`],
      fromLink(params) {
        const values = readParams(params);
        const size = Number(values?.size);
        const seed = readSeed(values?.seed);
        return Number.isInteger(size) && size >= 1 && size <= 9 && seed !== null ? { size, seed } : null;
      },
    },
  };
  window.lamps = {
    Lamps,
    refused,
    shell: null,
    mount(startWith = {}) {
      window.lamps.shell?.destroy();
      window.lamps.shell = new GameShell(options);
      window.lamps.shell.start(startWith);
      return window.lamps.shell.game.save();
    },
  };
}

async function openLamps() {
  const opened = await openPage(env.browser, `${env.server.url}#home`);
  await serveSources(opened.context);
  await opened.page.evaluate(() => localStorage.clear());
  await opened.page.evaluate(installLamps);
  return opened;
}

const state = (page) => page.evaluate(async () => {
  await window.lamps.shell.idle();
  const { shell } = window.lamps;
  return {
    save: shell.game.save(),
    refused: [...window.lamps.refused],
    said: document.getElementById('announcer').textContent.trim(),
    best: shell.best,
    over: document.getElementById('lamps-over').open,
  };
});

test('moves that are not directions: queued in order, described, refused, undone; input held while a dialog is open', async () => {
  const { context, page, errors } = await openLamps();
  assert.equal(await page.evaluate(() => window.lamps.mount()), 'lamps.4.1.');
  for (const key of ['0', '1', '1', '9', '2']) await page.keyboard.press(key);
  let now = await state(page);
  assert.equal(now.save, 'lamps.4.1.0,1,1,2', 'every legal move once, in the order pressed');
  assert.deepEqual(now.refused, [9], 'the wiring refused the lamp that is not there');
  assert.equal(now.said, 'Switched lamp 2. 2 of 4 lit.');

  await page.keyboard.press('u');
  now = await state(page);
  assert.equal(now.save, 'lamps.4.1.0,1,1', 'U undoes whatever the move was');
  assert.equal(now.said, 'Move undone. 1 of 4 lit.');

  // A game in progress: New game asks, and while it asks the game's input is held back.
  await page.evaluate(() => document.getElementById('new-game').click());
  await page.locator('#confirm-dialog').waitFor({ state: 'visible' });
  await page.keyboard.press('3');
  await page.click('#confirm-cancel');
  assert.equal((await state(page)).save, 'lamps.4.1.0,1,1');
  assert.deepEqual(errors, []);
  await context.close();
});

/** The game-over panel's New game, and then a wait for the new game (its close event is a task of its own). */
async function newGameFromPanel(page) {
  await page.click('#lamps-over-new');
  await page.waitForFunction(() => window.lamps.shell.game.moveCount() === 0);
}

test('an ending the wiring describes (a win), and a best where fewer moves is better, kept per size', async () => {
  const { context, page, errors } = await openLamps();
  await page.evaluate(() => window.lamps.mount());
  // Eight moves light the four lamps; the key pressed after the win is not played.
  for (const key of ['0', '1', '1', '2', '2', '3', '1', '2', '0']) await page.keyboard.press(key);
  await page.locator('#lamps-over').waitFor({ state: 'visible' });
  let now = await state(page);
  assert.equal(now.save, 'lamps.4.1.0,1,1,2,2,3,1,2');
  assert.equal(now.said, 'All lit in 8 moves.');
  assert.equal(await page.locator('#lamps-over-title').textContent(), 'All lit!');
  assert.equal(await page.locator('#lamps-result').textContent(), '8');
  assert.equal(await page.getAttribute('#lamps-over', 'data-outcome'), 'won');
  assert.equal(now.best, 8);
  assert.equal(await page.evaluate(() => localStorage.getItem('gridplay.lamps.best.4')), '8');

  // The panel's Undo revives the game; the same win again is no better.
  await page.click('#lamps-over-undo');
  await page.waitForFunction(() => window.lamps.shell.game.moveCount() === 7);
  now = await state(page);
  assert.equal(now.over, false);
  assert.equal(now.save, 'lamps.4.1.0,1,1,2,2,3,1');
  await page.keyboard.press('2');
  await page.locator('#lamps-over').waitFor({ state: 'visible' });
  assert.equal((await state(page)).best, 8);
  // A shorter win replaces the best; a longer one does not.
  await newGameFromPanel(page);
  for (const key of ['0', '1', '2', '3']) await page.keyboard.press(key);
  await page.locator('#lamps-over').waitFor({ state: 'visible' });
  assert.equal((await state(page)).best, 4);
  await newGameFromPanel(page);
  for (const key of ['0', '0', '0', '1', '2', '3']) await page.keyboard.press(key);
  await page.locator('#lamps-over').waitFor({ state: 'visible' });
  assert.equal((await state(page)).best, 4);
  assert.equal(await page.evaluate(() => localStorage.getItem('gridplay.lamps.best.4')), '4');

  // Three lamps keep their own best, and show it; four lamps' is still there afterwards.
  await newGameFromPanel(page);
  assert.equal(await page.evaluate(() => window.lamps.shell.openDeal({ size: 3, seed: 9 })), true);
  assert.equal((await state(page)).best, null, 'no best yet for three lamps');
  for (const key of ['2', '1', '0']) await page.keyboard.press(key);
  await page.locator('#lamps-over').waitFor({ state: 'visible' });
  now = await state(page);
  assert.equal(now.best, 3);
  assert.deepEqual(await page.evaluate(() => [3, 4].map((n) => localStorage.getItem(`gridplay.lamps.best.${n}`))), ['3', '4']);
  assert.deepEqual(errors, []);
  await context.close();
});

test('deals: a link names a game\'s deal and opens it; a game without a deal has no link; a reload restores', async () => {
  const { context, page, errors } = await openLamps();
  await page.evaluate(() => window.lamps.mount({ deal: { size: 5, seed: 77 } }));
  assert.deepEqual(await page.evaluate(() => window.lamps.shell.linkParams()), ['size=5', 'seed=77']);
  assert.match((await state(page)).said, /^Shared deal opened\. 0 of 5 lit\.$/);
  await page.keyboard.press('4');
  const played = (await state(page)).save;
  assert.equal(played, 'lamps.5.77.4');

  // Mounted again (a reload): the saved game comes back, not a new deal.
  assert.equal(await page.evaluate(() => window.lamps.mount()), played);
  assert.match((await state(page)).said, /^Game restored\./);
  // The same link again, with the game in progress: it asks first; declined, nothing changes.
  const asked = page.evaluate(() => window.lamps.shell.openDeal({ size: 5, seed: 77 }));
  await page.locator('#confirm-dialog').waitFor({ state: 'visible' });
  await page.click('#confirm-cancel');
  assert.equal(await asked, false);
  assert.equal((await state(page)).save, played);

  // A game set up by hand, from no deal: nothing to link to.
  await page.evaluate(() => {
    const { shell, Lamps } = window.lamps;
    shell.createGame = () => new Lamps({ size: 2, seed: null });
    return shell.newGame();
  });
  assert.equal(await page.evaluate(() => window.lamps.shell.linkParams()), null);
  assert.deepEqual(errors, []);
  await context.close();
});

test('link parameters: key=value, each key once; seeds are whole numbers up to 2^32 - 1', async () => {
  const { context, page, errors } = await openPage(env.browser, `${env.server.url}#home`);
  await serveSources(context);
  const read = await page.evaluate(async () => {
    const { readParams, SEED_DEALS } = await import('/src/js/shared/shell.js');
    return {
      params: [['size=4', 'seed=7'], ['size=4', 'size=5'], ['30x16x99'], ['seed='], ['']].map(readParams),
      seeds: [['seed=0'], ['seed=4294967295'], ['seed=4294967296'], ['seed=-7'], ['seed=1.5'], ['seed=12345678901'],
        ['seed=7', 'size=4'], []].map((p) => SEED_DEALS.fromLink(p)),
      link: SEED_DEALS.toLink({ seed: 12345 }),
    };
  });
  assert.deepEqual(read.params, [{ size: '4', seed: '7' }, null, null, null, null]);
  assert.deepEqual(read.seeds, [{ seed: 0 }, { seed: 4294967295 }, null, null, null, null, null, null]);
  assert.deepEqual(read.link, ['seed=12345']);
  assert.deepEqual(errors, []);
  await context.close();
});

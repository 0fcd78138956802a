// The shell (midend/shell.js) with a game whose moves are not directions, in the real page:
// "Lamps", a row of lamps where a move is a lamp's index that switches it (its squares' one act,
// "switch"), and the game is
// won once every lamp is lit. It is the shell's test game, and keeps the game contract
// (docs/api.md) in a few lines of JS: the shell reads from it how a move is played or refused,
// when the game has ended, that it is timed and ranked by fewest moves (so its bests are fewest
// moves and quickest time, per number of lamps). Its wiring adds its parameter (the number of
// lamps, with the ask-first picker), the words of its end, a cell cursor, a helper (which lamp
// is still off) and its own input (the digit keys). It has no score() or lastMove(). Threes and 2048 test the direction games' side of the same code (threes.test.mjs,
// game2048.test.mjs, games.test.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, serveSources, useBrowser } from './harness.mjs';

const env = useBrowser();

/**
 * In the page (at home, so no game of the app's own is running): the Lamps game, a view that
 * writes the lamps as text, markup with its board, size picker, clock, Undo and Hint, and
 * window.lamps.mount(), which starts a shell on them, as a game's mount.js would.
 */
async function installLamps() {
  // The modules as written (the site has them only inside its bundles).
  const { GameShell } = await import('/src/js/midend/shell.js');
  const { SafeStorage } = await import('/src/js/store/storage.js');
  const { CellCursor } = await import('/src/js/input/cursor.js');
  const { Helper } = await import('/src/js/helpers/helper.js');
  const { onKey } = await import('/src/js/input/keys.js');
  class Lamps {
    constructor({ size, seed }) {
      this.size = size;
      this.dealtFrom = seed;
      this.lit = Array(size).fill(false);
      this.log = [];
    }

    /** A deal's link: `size=5/seed=77` (the game contract's fromLink and link, docs/api.md). */
    static fromLink(text) {
      const match = /^size=(\d)\/seed=(\d+)$/.exec(text);
      if (!match || Number(match[1]) < 1) throw new Error(`fromLink: no Lamps deal ${text}`);
      return new Lamps({ size: Number(match[1]), seed: Number(match[2]) });
    }

    link() { return this.dealtFrom === null ? '' : `size=${this.size}/seed=${this.dealtFrom}`; }

    static load(text) {
      const match = /^lamps\.(\d)\.(\d+|-)\.([\d,]*)$/.exec(text);
      if (!match) throw new Error('not a Lamps save');
      const game = new Lamps({ size: Number(match[1]), seed: match[2] === '-' ? null : Number(match[2]) });
      for (const i of match[3] ? match[3].split(',') : []) game.move(Number(i));
      return game;
    }

    // The game contract, as far as the shell reads it.
    static figure() { return { name: 'moves', lower: true }; }
    static timed() { return true; }
    static hasUndo() { return true; }
    static helps() { return []; }
    kind() { return { name: String(this.size), link: `size=${this.size}` }; }
    bests(ms) {
      const won = this.won();
      return [
        { name: 'moves', key: `best.${this.size}`, lower: true, value: won ? this.moveCount() : null },
        { name: 'time', key: `best-time.${this.size}`, lower: true, value: won ? Math.max(1, Math.round(ms)) : null },
      ];
    }
    status() { return this.won() ? 'won' : 'playing'; }
    clockRuns() { return this.moveCount() > 0 && !this.won(); }
    cells() { return this.lit.map(Number); }
    static directions() { return false; }
    static acts() { return ['switch']; }
    toward() { return { ok: false, reason: 'Lamps is not played by directions' }; }
    onSquare(act, cell) {
      if (act !== 'switch') throw new Error(`onSquare: no act ${act}`);
      return cell >= 0 && cell < this.size ? { ok: true, move: cell } : { ok: false, reason: `there is no lamp ${cell}` };
    }

    play(i) {
      if (!Number.isInteger(i) || i < 0 || i >= this.size) return { ok: false, reason: `no lamp ${i}` };
      if (this.won()) return { ok: false, reason: 'the game is over' };
      this.move(i);
      // What the move did, and how the game ended if it did: the engine's words.
      return { ok: true, said: [`Switched lamp ${i}.`, this.ending()].filter(Boolean).join(' ') };
    }

    ending() { return this.won() ? 'Every lamp is lit.' : null; }

    move(i) {
      this.lit[i] = !this.lit[i];
      this.log.push(i);
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
    startId() { return `lamps.${this.size}.${this.dealtFrom ?? '-'}`; }
    save() { return `${this.startId()}.${this.log.join(',')}`; }
    free() {}
  }

  const main = document.createElement('main');
  main.innerHTML = `
    <fieldset id="size-picker">${[3, 4, 5].map((n) => `<label><input type="radio" name="size" value="${n}"> ${n}</label>`).join('')}</fieldset>
    <span id="clock">0:00</span>
    <div id="board" tabindex="0"></div>
    <button type="button" id="undo">Undo</button>
    <button type="button" id="hint">Hint</button>
    <p id="how-to">Light every lamp.</p>`;
  document.getElementById('view').replaceChildren(main);
  const byId = (id) => document.getElementById(id);
  const board = byId('board');
  const picker = byId('size-picker');

  const refused = [];
  /** The helper's thinking, which the test answers by hand: resolve(answer) for each question. */
  const questions = [];
  let cursor = 0;
  const options = {
    name: 'lamps',
    storage: new SafeStorage(),
    rules: Lamps,
    createGame: (size) => new Lamps({ size, seed: 1 }),
    view: {
      reducedMotion: true, // no pause before the game-over panel
      refused: (input) => refused.push(input.cell),
      draw(game) {
        board.textContent = game.lit.map((on) => (on ? 'o' : '.')).join('');
        cursor = Math.min(cursor, game.size - 1);
        board.dataset.cursor = String(cursor);
      },
      animate(game) {
        this.draw(game);
        return Promise.resolve();
      },
      status: (game) => `${game.lit.filter(Boolean).length} of ${game.size} lit.`,
      ended: (game) => ({ said: `All lit in ${game.moveCount()} moves.`, result: game.moveCount(), title: 'All lit!' }),
    },
    // The game's own input, given the shell's port for it: a digit key is that lamp; the
    // cursor's keys move along the row and Enter switches the lamp under it. Neither looks for
    // open dialogs: the shell keeps them out.
    input(port) {
      const offKeys = onKey(document, 'game', (event) => {
        if (/^\d$/.test(event.key)) port.enqueue({ act: 'switch', cell: Number(event.key) });
      });
      const cells = new CellCursor({
        port,
        where: () => ({ cell: cursor, columns: port.game().size, rows: 1 }),
        moveTo: (cell) => {
          cursor = cell;
          board.dataset.cursor = String(cell);
        },
        act: (key, cell) => port.enqueue({ act: 'switch', cell }),
      });
      return {
        destroy() {
          offKeys();
          cells.destroy();
        },
      };
    },
    params: {
      name: 'size',
      read: (text) => ([3, 4, 5].includes(Number(text)) ? Number(text) : null),
      write: String,
      fallback: 4,
      of: (game) => game.size,
      show: (size) => {
        for (const input of picker.querySelectorAll('input')) input.checked = Number(input.value) === size;
      },
      question: (size) => ({ title: `Start with ${size} lamps?`, text: 'This game will be lost.', ok: 'New game', cancel: 'Keep playing' }),
    },
    panel: { title: 'Over', line: 'Moves {}' },
  };
  window.lamps = {
    Lamps,
    refused,
    questions,
    shell: null,
    hint: null,
    mount(startWith = {}) {
      window.lamps.shell?.destroy();
      const shell = new GameShell(options);
      window.lamps.shell = shell;
      picker.onchange = (event) => shell.choose(Number(event.target.value));
      // The helper: which lamp is still off, as the test answers it.
      window.lamps.hint = new Helper({ game: () => shell.game, closed: () => shell.destroyed }, (game) => new Promise((resolve, reject) => questions.push({ save: game.save(), resolve, reject })));
      shell.start(startWith);
      return shell.game.save();
    },
  };
}

async function openLamps() {
  const opened = await openPage(env.browser, `${env.server.url}`);
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
    best: shell.bests.first,
    bests: { ...shell.bests.kept },
    over: document.getElementById('game-over').open,
    size: Number(document.querySelector('#size-picker input:checked')?.value),
    cursor: Number(document.getElementById('board').dataset.cursor),
    ms: Number(document.getElementById('clock').dataset.ms),
  };
});

test('moves that are not directions: queued in order, described, refused, undone; input held while a dialog is open', async () => {
  const { context, page, errors } = await openLamps();
  assert.equal(await page.evaluate(() => window.lamps.mount()), 'lamps.4.1.');
  // Pressed at once: in one task, so that no move is drawn before the last key, however busy
  // the machine (one press at a time from the test can let the first move finish alone).
  await page.evaluate(() => {
    for (const key of ['0', '1', '1', '9', '2']) document.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  });
  let now = await state(page);
  assert.equal(now.save, 'lamps.4.1.0,1,1,2', 'every legal move once, in the order pressed');
  assert.deepEqual(now.refused, [9], 'the engine refused the lamp that is not there, and the view showed it');
  // Pressed at once, the moves are said once, after the last: how many, then its words.
  assert.equal(now.said, '4 moves. Last: Switched lamp 2. 2 of 4 lit.');

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
  await page.click('#game-over-new');
  await page.waitForFunction(() => window.lamps.shell.game.moveCount() === 0);
}

test('an ending the wiring describes (a win), and a best where fewer moves is better, kept per size', async () => {
  const { context, page, errors } = await openLamps();
  await page.evaluate(() => window.lamps.mount());
  // Eight moves light the four lamps; the key pressed after the win is not played.
  for (const key of ['0', '1', '1', '2', '2', '3', '1', '2', '0']) await page.keyboard.press(key);
  await page.locator('#game-over').waitFor({ state: 'visible' });
  let now = await state(page);
  assert.equal(now.save, 'lamps.4.1.0,1,1,2,2,3,1,2');
  assert.equal(now.said, 'All lit in 8 moves.');
  assert.equal(await page.locator('#game-over-title').textContent(), 'All lit!');
  assert.equal(await page.locator('#final-score').textContent(), '8');
  assert.equal(await page.getAttribute('#game-over', 'data-outcome'), 'won');
  assert.equal(now.best, 8);
  // (Kept once the records have it: the copy in localStorage follows.)
  await page.evaluate(() => window.lamps.shell.idle());
  assert.equal(await page.evaluate(() => localStorage.getItem('gridplay.lamps.best.4')), '8');

  // The panel's Undo revives the game; the same win again is no better.
  await page.click('#game-over-undo');
  await page.waitForFunction(() => window.lamps.shell.game.moveCount() === 7);
  now = await state(page);
  assert.equal(now.over, false);
  assert.equal(now.save, 'lamps.4.1.0,1,1,2,2,3,1');
  await page.keyboard.press('2');
  await page.locator('#game-over').waitFor({ state: 'visible' });
  assert.equal((await state(page)).best, 8);
  // The same deal again (New game deals seed 1 again) is practice: even a shorter win of it
  // makes no best.
  await newGameFromPanel(page);
  for (const key of ['0', '1', '2', '3']) await page.keyboard.press(key);
  await page.locator('#game-over').waitFor({ state: 'visible' });
  assert.equal((await state(page)).best, 8);
  assert.match(await page.textContent('#game-over-standing'), /^Practice \(at a deal you had finished or watched before\)/);
  // On a new deal, a shorter win replaces the best; a longer one does not.
  await newGameFromPanel(page);
  assert.equal(await page.evaluate(() => window.lamps.shell.openDeal('size=4/seed=2')), true);
  for (const key of ['0', '1', '2', '3']) await page.keyboard.press(key);
  await page.locator('#game-over').waitFor({ state: 'visible' });
  assert.equal((await state(page)).best, 4);
  await newGameFromPanel(page);
  assert.equal(await page.evaluate(() => window.lamps.shell.openDeal('size=4/seed=3')), true);
  for (const key of ['0', '0', '0', '1', '2', '3']) await page.keyboard.press(key);
  await page.locator('#game-over').waitFor({ state: 'visible' });
  assert.equal((await state(page)).best, 4);
  await page.evaluate(() => window.lamps.shell.idle());
  assert.equal(await page.evaluate(() => localStorage.getItem('gridplay.lamps.best.4')), '4');

  // Three lamps keep their own best, and show it; four lamps' is still there afterwards.
  await newGameFromPanel(page);
  assert.equal(await page.evaluate(() => window.lamps.shell.openDeal('size=3/seed=9')), true);
  assert.equal((await state(page)).best, null, 'no best yet for three lamps');
  for (const key of ['2', '1', '0']) await page.keyboard.press(key);
  await page.locator('#game-over').waitFor({ state: 'visible' });
  now = await state(page);
  assert.equal(now.best, 3);
  await page.evaluate(() => window.lamps.shell.idle());
  assert.deepEqual(await page.evaluate(() => [3, 4].map((n) => localStorage.getItem(`gridplay.lamps.best.${n}`))), ['3', '4']);
  assert.deepEqual(errors, []);
  await context.close();
});

test('deals: a link names a game\'s deal and opens it; a game without a deal has no link; a reload restores', async () => {
  const { context, page, errors } = await openLamps();
  await page.evaluate(() => window.lamps.mount({ deal: 'size=5/seed=77' }));
  assert.equal(await page.evaluate(() => window.lamps.shell.link()), 'size=5/seed=77');
  assert.match((await state(page)).said, /^Shared deal opened\. 0 of 5 lit\.$/);
  await page.keyboard.press('4');
  const played = (await state(page)).save;
  assert.equal(played, 'lamps.5.77.4');

  // Mounted again (a reload): the saved game comes back, not a new deal.
  assert.equal(await page.evaluate(() => window.lamps.mount()), played);
  assert.match((await state(page)).said, /^Game restored\./);
  // The same link again, with the game in progress: it asks first; declined, nothing changes.
  const asked = page.evaluate(() => window.lamps.shell.openDeal('size=5/seed=77'));
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
  assert.equal(await page.evaluate(() => window.lamps.shell.link()), null);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the parameter picker: a fresh game changes at once; a game in progress asks first, and kept, the picker goes back', async () => {
  const { context, page, errors } = await openLamps();
  await page.evaluate(() => window.lamps.mount());
  assert.equal((await state(page)).size, 4, 'the picker shows the game\'s size');
  // No move yet: picking 5 starts a 5-lamp game at once, and the choice is kept.
  await page.check('#size-picker input[value="5"]');
  await page.waitForFunction(() => window.lamps.shell.game.size === 5);
  assert.equal(await page.evaluate(() => localStorage.getItem('gridplay.lamps.size')), '5');
  await page.keyboard.press('1');
  // A game in progress: the player is asked; keeping the game puts the picker back.
  await page.check('#size-picker input[value="3"]');
  await page.locator('#confirm-dialog').waitFor({ state: 'visible' });
  assert.equal(await page.textContent('#confirm-title'), 'Start with 3 lamps?');
  await page.click('#confirm-cancel');
  // The answer reaches the shell a task after the dialog closes.
  await page.waitForFunction(() => document.querySelector('#size-picker input:checked')?.value === '5');
  let now = await state(page);
  assert.equal(now.save, 'lamps.5.1.1');
  assert.equal(now.size, 5);
  assert.equal(await page.evaluate(() => localStorage.getItem('gridplay.lamps.size')), '5');
  // Asked again and accepted: the new game has 3 lamps, and the next visit starts with 3.
  await page.check('#size-picker input[value="3"]');
  await page.click('#confirm-ok');
  await page.waitForFunction(() => window.lamps.shell.game.size === 3);
  now = await state(page);
  assert.equal(now.save, 'lamps.3.1.');
  assert.equal(now.size, 3);
  assert.equal(await page.evaluate(() => localStorage.getItem('gridplay.lamps.size')), '3');
  await page.evaluate(() => localStorage.removeItem('gridplay.lamps.save'));
  assert.equal(await page.evaluate(() => window.lamps.mount()), 'lamps.3.1.');
  // A shared deal of another size makes that size the choice shown.
  await page.evaluate(() => window.lamps.shell.openDeal('size=5/seed=8'));
  assert.equal((await state(page)).size, 5);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the clock: still until the first move, running while the game goes on, stopped at the end and kept with its game', async () => {
  const { context, page, errors } = await openLamps();
  await page.evaluate(() => window.lamps.mount());
  await page.waitForTimeout(300);
  assert.equal((await state(page)).ms, 0, 'no move, no time');
  await page.keyboard.press('0');
  await page.waitForFunction(() => Number(document.getElementById('clock').dataset.ms) >= 250);
  // Kept with its game: mounted again (a reload), the time comes back and goes on.
  const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('gridplay.lamps.clock')));
  const attempt = await page.evaluate(() => JSON.parse(localStorage.getItem('gridplay.lamps.attempt')));
  assert.deepEqual([kept.id, attempt.start], [attempt.id, 'lamps.4.1'], 'kept under this game\'s attempt');
  await page.evaluate(() => window.lamps.mount());
  assert.ok((await state(page)).ms >= kept.ms, 'the time played so far came back');
  for (const key of ['1', '2', '3']) await page.keyboard.press(key);
  await page.locator('#game-over').waitFor({ state: 'visible' });
  const won = await state(page);
  assert.ok(won.ms >= 250);
  assert.deepEqual(won.bests, { moves: 4, time: won.ms }, 'both named bests kept, the time as the clock stopped');
  await page.evaluate(() => window.lamps.shell.idle());
  assert.equal(await page.evaluate(() => localStorage.getItem('gridplay.lamps.best-time.4')), String(won.ms));
  await page.waitForTimeout(300);
  assert.equal((await state(page)).ms, won.ms, 'stopped at the win');
  // Another game is another clock, from zero.
  await page.click('#game-over-new');
  await page.waitForFunction(() => window.lamps.shell.game.moveCount() === 0);
  assert.equal((await state(page)).ms, 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the end panel is the shell\'s own: the game\'s title and line, Undo for a game with undo, New game first in focus, the replay\'s two', async () => {
  const { context, page, errors } = await openLamps();
  await page.evaluate(() => window.lamps.mount());
  const panel = await page.evaluate(() => {
    const dialog = document.getElementById('game-over');
    return {
      inView: dialog.parentElement === document.querySelector('#view main'),
      title: dialog.querySelector('#game-over-title').textContent,
      line: dialog.querySelector('#final-line').textContent,
      buttons: [...dialog.querySelectorAll('button')].map((b) => [b.value, b.textContent]),
      autofocus: dialog.querySelector('[autofocus]')?.id,
      count: document.querySelectorAll('#game-over').length,
    };
  });
  assert.deepEqual(panel, {
    inView: true, title: 'Over', line: 'Moves 0', count: 1, autofocus: 'game-over-new',
    buttons: [['undo', 'Undo'], ['close', 'See board'], ['restart', 'Restart this deal'], ['new', 'New game'], ['replay', 'Watch the replay'], ['copy-replay', 'Copy a replay link']],
  });
  await page.evaluate(() => window.lamps.mount());
  assert.equal(await page.evaluate(() => document.querySelectorAll('#game-over').length), 1, 'mounted again, still one panel');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the cell cursor: arrows, WASD and HJKL move it one square, never off the board; Enter plays its square', async () => {
  const { context, page, errors } = await openLamps();
  await page.evaluate(() => window.lamps.mount());
  await page.focus('#board');
  const cursor = async () => (await state(page)).cursor;
  for (const key of ['ArrowLeft', 'a', 'h', 'ArrowUp', 'w', 'k']) await page.keyboard.press(key);
  assert.equal(await cursor(), 0, 'not past the left end, and a row has no up');
  await page.keyboard.press('ArrowRight');
  assert.equal(await cursor(), 1);
  await page.keyboard.press('d');
  assert.equal(await cursor(), 2);
  await page.keyboard.press('l');
  assert.equal(await cursor(), 3);
  for (const key of ['l', 'ArrowRight', 'j', 's', 'ArrowDown']) await page.keyboard.press(key);
  assert.equal(await cursor(), 3, 'not past the right end, and a row has no down');
  await page.keyboard.press('Enter');
  assert.equal((await state(page)).save, 'lamps.4.1.3');
  // While a dialog is open, the keys are the dialog's.
  await page.evaluate(() => document.getElementById('new-game').click());
  await page.locator('#confirm-dialog').waitFor({ state: 'visible' });
  await page.keyboard.press('a');
  await page.click('#confirm-cancel');
  assert.equal(await cursor(), 3);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a helper\'s answer is handed over only for the position it was asked about, and only the latest', async () => {
  const { context, page, errors } = await openLamps();
  await page.evaluate(() => window.lamps.mount());
  const result = await page.evaluate(async () => {
    const { hint, questions, shell } = window.lamps;
    const answers = [];
    // Asked, then the board moves on before the answer comes: dropped.
    const first = hint.ask();
    shell.enqueue({ act: 'switch', cell: 0 });
    await shell.idle();
    questions.shift().resolve(1);
    answers.push(await first);
    // Asked twice for the same position: only the latest question's answer counts.
    const older = hint.ask();
    const newer = hint.ask();
    questions.shift().resolve(1);
    questions.shift().resolve(2);
    answers.push(await older, await newer);
    // Forgotten (an undo or a new game would): dropped.
    const forgotten = hint.ask();
    hint.forget();
    questions.shift().resolve(3);
    answers.push(await forgotten);
    // A failure is the latest question's to report; an older one's is dropped.
    const failing = hint.ask();
    const latest = hint.ask();
    questions.shift().reject(new Error('older'));
    questions.shift().reject(new Error('latest'));
    answers.push(await failing);
    answers.push(await latest.catch((error) => error.message));
    return answers;
  });
  assert.deepEqual(result, [null, null, 2, null, null, 'latest']);
  assert.deepEqual(errors, []);
  await context.close();
});

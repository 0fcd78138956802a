// Records a player can trust (midend/standing.js): a best, a win in the rates, a streak day and
// the day's result come from the player's own play alone. A game taken on from a replay (a
// friend's or their own), or at a deal already finished, is practice; one where a hint was
// taken or a helper moved is "with help"; two players on one device are neither's. Each is
// still counted, apart, and said. Played as a player would, on a phone and a desktop.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { desktop, keepCopies, newPage, noticeShown, phone, settle, showPage, useBrowser } from './harness.mjs';

const env = useBrowser();
const TODAY = '2026-11-25T20:00:00';

/** A page whose clock says `when`, at `hash`, with `stored` in localStorage (a returning
 * player's browser); `context` opens it as another tab of that browser. */
async function open(hash, { stored = {}, options = desktop, context = null } = {}) {
  let opened;
  if (context) {
    opened = { context, page: await context.newPage(), errors: [] };
    opened.page.on('pageerror', (error) => opened.errors.push(String(error)));
  } else {
    opened = await newPage(env.browser, options, {
      init: `if (!sessionStorage.getItem('seeded')) {
        sessionStorage.setItem('seeded', '1');
        for (const [key, value] of Object.entries(${JSON.stringify(stored)})) localStorage.setItem(key, value);
      }`,
    });
  }
  await opened.page.clock.setFixedTime(new Date(TODAY));
  await goto(opened.page, hash);
  return opened;
}

const goto = (page, hash) => showPage(page, `${env.server.url}${hash}`);

const stats = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('gridplay.stats') ?? '{}'));
// (Not the copies' `.seq`: which of the records' writes a copy is, store/mirrored.js.)
const bestKeys = (page, route) => page.evaluate((r) => Object.keys(localStorage).filter((key) => key.startsWith(`gridplay.${r}.best`) && !key.endsWith('.seq'))
  .map((key) => [key, localStorage.getItem(key)]), route);
const standingLine = (page) => page.locator('#game-over[open] #game-over-standing');

/** Plays a replay link's game from `replay` to its last step but `back`, then takes it on. */
async function playFromHere(page, route, replay, { back = 0, options = desktop } = {}) {
  await page.goto(`${env.server.url}${route}.html#replay=${replay}`);
  await page.waitForSelector('.replay-bar');
  const act = (name) => page.click(`.replay-button[data-act="${name}"]`);
  // A phone taps the bar's buttons; a desktop uses the keys.
  if (options === phone) await act('end');
  else await page.keyboard.press('End');
  for (let i = 0; i < back; i += 1) {
    if (options === phone) await act('back');
    else await page.keyboard.press('ArrowLeft');
  }
  await page.click('.replay-button[data-act="here"]');
  if (await page.locator('#confirm-dialog[open]').count()) await page.click('#confirm-ok');
  await page.waitForFunction(() => !document.querySelector('.replay-bar'));
  await settle(page);
}

/** A friend's game of Threes or 2048 from the deal `link`, played to its end by the page's engine. */
const friendsGame = (page, link) => page.evaluate((deal) => {
  const Game = window.gridplay.game().constructor;
  const game = Game.fromLink(deal);
  for (let i = 0; game.status() === 'playing'; i += 1) {
    const moves = game.moves();
    game.play(moves[i % moves.length]);
  }
  const save = game.save();
  game.free();
  return save;
}, link);

/** A friend's solved Fifteen of `link`, by the solver (the helpers' engine): its save and last move. */
const friendsFifteen = (page, link) => page.evaluate(async (deal) => {
  const engine = await import('/pkg/gridplay.js');
  await engine.default();
  const puzzle = engine.Fifteen.fromLink(deal);
  const { moves } = puzzle.plan(0);
  for (const move of moves) puzzle.play(move);
  return { save: puzzle.save(), last: moves.at(-1) };
}, link);

/**
 * The digs that clear Minesweeper's game in the page from where it stands (its first dig at
 * `first` if none yet), each a square, by a copy of it: where the mines are is found by a copy
 * that digs until it loses. With `friend`, a friend's game of that deal instead: its save too.
 */
const minesweeperDigs = (page, { first = 40, friend = '' } = {}) => page.evaluate(([start, deal]) => {
  const Minefield = window.gridplay.game().constructor;
  const game = deal ? Minefield.fromLink(deal) : Minefield.load(window.gridplay.game().save());
  const w = game.width();
  const dig = (c) => game.play({ x: c % w, y: Math.floor(c / w), act: 'dig' });
  const digs = [];
  if (!game.readouts().dug) {
    dig(start);
    digs.push(start);
  }
  const copy = Minefield.load(game.save());
  for (let c = 0; c < w * copy.height() && copy.status() !== 'lost'; c += 1) {
    if (copy.cells()[c] === 9) copy.play({ x: c % w, y: Math.floor(c / w), act: 'dig' });
  }
  const mines = copy.cells().flatMap((code, c) => ([10, 11, 12].includes(code) ? [c] : []));
  for (let c = 0; c < w * game.height() && game.status() === 'playing'; c += 1) {
    if (game.cells()[c] === 9 && !mines.includes(c)) {
      dig(c);
      digs.push(c);
    }
  }
  return { digs, mines, save: game.save(), won: game.status() === 'won' };
}, [first, friend]);

const square = (page, index) => page.locator(`.mines-cell[data-cell="${index}"]`);

test('a friend\'s replay taken on at its end makes no best, in 2048 and Threes: home still has no game finished', async () => {
  const { context, page, errors } = await open('2048.html', { stored: { 'gridplay.threes.best': '12' } });
  for (const [route, best] of [['2048', null], ['threes', '12']]) {
    await goto(page, `${route}.html`);
    const save = await friendsGame(page, 'seed=4242');
    await playFromHere(page, route, save);
    assert.notEqual(await page.evaluate(() => window.gridplay.game().status()), 'playing', 'their finished game is the one in play');
    assert.equal(await page.evaluate((r) => localStorage.getItem(`gridplay.${r}.best`), route), best, `${route}: the best is still the player's own`);
    assert.equal(await page.textContent('#best'), best ?? '0');
    assert.match(await page.textContent('.notice[data-notice="standing"]'), /^Practice: a game played on from a replay is counted apart/);
  }
  await goto(page, '');
  // (The cards' lines are written once the stats' module has come, after home is shown.)
  await page.waitForFunction(() => [...document.querySelectorAll('.game-card[data-game] .game-stats')].every((line) => line.textContent !== ''));
  const lines = await page.$$eval('.game-card[data-game] .game-stats', (all) => Object.fromEntries(all.map((line) => [line.closest('[data-game]').dataset.game, line.textContent])));
  assert.equal(lines['2048'], 'None finished yet');
  assert.equal(lines.threes, 'None finished yet');
  assert.deepEqual(errors, []);
  await context.close();
});

for (const options of [phone, desktop]) {
  const device = options === phone ? 'phone (taps)' : 'desktop (clicks, keys)';
  test(`${device}: a friend's Fifteen plus its last move is practice: no best moves or time, not solved in the rates, no streak`, async () => {
    const { context, page, errors } = await open('fifteen.html#size=3/seed=2024', { options });
    const { save, last } = await friendsFifteen(page, 'size=3/seed=2024');
    await playFromHere(page, 'fifteen', save, { back: 1, options });
    const tile = page.locator(`#tiles [data-cell="${last}"]`);
    if (options === phone) await tile.tap();
    else await tile.click();
    await page.locator('#game-over[open]').waitFor();
    assert.equal(await page.evaluate(() => window.gridplay.game().status()), 'won');
    assert.deepEqual(await bestKeys(page, 'fifteen'), []);
    const { fifteen } = await stats(page);
    assert.deepEqual([fifteen.played, fifteen.won, fifteen.apart?.practice, fifteen.run], [0, 0, 1, null]);
    assert.equal(fifteen.results.at(-1).standing, 'practice');
    assert.match(await standingLine(page).textContent(), /^Practice \(played on from a replay\): counted apart from your own games, and makes no best\.$/);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

for (const options of [phone, desktop]) {
  const device = options === phone ? 'phone (a tap)' : 'desktop (a click)';
  test(`${device}: a friend's Minesweeper plus its last dig is practice: no best time, no win, no streak`, async () => {
    const { context, page, errors } = await open('mines.html#9x9x10/seed=7', { options });
    const friend = await minesweeperDigs(page, { friend: '9x9x10/seed=7' });
    assert.ok(friend.won);
    await playFromHere(page, 'mines', friend.save, { back: 1, options });
    const last = square(page, friend.digs.at(-1));
    if (options === phone) await last.tap();
    else await last.click();
    await page.locator('#game-over[open]').waitFor();
    assert.equal(await page.evaluate(() => window.gridplay.game().status()), 'won');
    assert.deepEqual(await bestKeys(page, 'mines'), []);
    const { mines } = await stats(page);
    assert.deepEqual([mines.played, mines.won, mines.apart?.practice, mines.run], [0, 0, 1, null]);
    assert.match(await standingLine(page).textContent(), /^Practice \(played on from a replay\)/);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('Play from here on your own lost Minesweeper is practice, not an undo: the loss stands, no best time', async () => {
  const { context, page, errors } = await open('mines.html#9x9x10/seed=7');
  await square(page, 40).click();
  await settle(page);
  const { mines: placed } = await minesweeperDigs(page);
  await square(page, placed[0]).click();
  await page.locator('#game-over[open]').waitFor();
  assert.equal(await page.evaluate(() => window.gridplay.game().status()), 'lost');
  // Its replay, to the step before the mine, taken on and cleared.
  await page.click('#game-over-replay');
  await page.waitForSelector('.replay-bar');
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowLeft');
  await page.click('.replay-button[data-act="here"]');
  await page.waitForFunction(() => !document.querySelector('.replay-bar'));
  await settle(page);
  for (const dig of (await minesweeperDigs(page)).digs) {
    await square(page, dig).click();
    await settle(page);
  }
  await page.locator('#game-over[open]').waitFor();
  assert.equal(await page.evaluate(() => window.gridplay.game().status()), 'won');
  assert.deepEqual(await bestKeys(page, 'mines'), []);
  const { mines } = await stats(page);
  assert.deepEqual([mines.played, mines.won, mines.lost, mines.apart?.practice], [1, 0, 1, 1]);
  assert.match(await standingLine(page).textContent(), /^Practice \(played on from a replay\)/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a finished Minesweeper deal opened again by its share link is practice: the first time stays the best', async () => {
  const { context, page, errors } = await open('mines.html#9x9x10/seed=11');
  const clear = async ({ pause }) => {
    const { digs } = await minesweeperDigs(page);
    for (const [i, dig] of digs.entries()) {
      // The player's own first clear takes its time; the second is quicker.
      if (pause && i === digs.length - 1) await page.waitForTimeout(pause);
      await square(page, dig).click();
      await settle(page);
    }
    await page.locator('#game-over[open]').waitFor();
  };
  await clear({ pause: 1500 });
  const [[key, first]] = await bestKeys(page, 'mines');
  assert.ok(Number(first) >= 1500, first);
  await goto(page, '');
  await goto(page, 'mines.html#9x9x10/seed=11');
  assert.equal(await page.evaluate(() => window.gridplay.game().moveCount()), 0, 'the deal again');
  const notice = await page.locator('.notice[data-notice="standing"]').allTextContents();
  await clear({ pause: 0 });
  assert.equal(await page.evaluate(() => window.gridplay.game().status()), 'won');
  assert.deepEqual(await bestKeys(page, 'mines'), [[key, first]]);
  const { mines } = await stats(page);
  assert.deepEqual([mines.played, mines.won, mines.apart?.practice], [1, 1, 1]);
  assert.match(notice.join(''), /^Practice: you have finished or watched this deal before/);
  assert.match(await standingLine(page).textContent(), /^Practice \(at a deal you had finished or watched before\)/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('Autoplay\'s moves are help: a free 2048 makes no best, the score it kept before the help taken back, and says so', async () => {
  const { context, page, errors } = await open('2048.html#seed=777', { stored: { 'gridplay.autoplay.speed': '5' } });
  await page.waitForFunction(() => window.gridplay.helpersReady());
  const keys = ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown'];
  for (let i = 0; await page.evaluate(() => window.gridplay.game().readouts().score) === 0; i += 1) {
    await page.keyboard.press(keys[i % 4]);
    await settle(page);
  }
  const own = await page.evaluate(() => [window.gridplay.game().readouts().score, window.gridplay.game().moveCount()]);
  await page.evaluate(() => window.gridplay.idle());
  assert.equal(await page.evaluate(() => localStorage.getItem('gridplay.2048.best')), String(own[0]), 'the player\'s own score is a best');
  await page.keyboard.press('p');
  await page.waitForFunction(([score, moves]) => window.gridplay.game().readouts().score > score + 20 && window.gridplay.game().moveCount() > moves + 5, own, { timeout: 30000 });
  await page.keyboard.press('p');
  await settle(page);
  await page.evaluate(() => window.gridplay.idle());
  // The first game: no best stood before it, and a game with help makes none, even of the
  // score it had before the help.
  assert.equal(await page.evaluate(() => localStorage.getItem('gridplay.2048.best')), '0', 'the game with help is no best');
  assert.equal(await page.textContent('#best'), '0');
  assert.match(await page.textContent('.notice[data-notice="standing"]'), /^With help from now on: this game is counted apart/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the day\'s 2048 finished by Autoplay is today\'s result with help: said, shared so, no streak day, apart in the stats', async () => {
  const { context, page, errors } = await open('2048.html#daily', { stored: { 'gridplay.autoplay.speed': '5' } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // Today's deal a move from its end, as the player left it: every move left ends it, and the
  // AI makes it. (Played out many ways, by a fixed sequence of choices, until one ends so.)
  const found = await page.evaluate(() => {
    const Game = window.gridplay.game().constructor;
    let choice = 7;
    const pick = (legal) => {
      choice = (choice * 1103515245 + 12345) % 2147483648;
      return legal[choice % legal.length];
    };
    for (let trial = 0; trial < 300; trial += 1) {
      const game = Game.load(window.gridplay.game().save());
      while (game.status() === 'playing') game.play(pick(game.moves()));
      game.undo();
      const ends = game.moves().every((move) => {
        const copy = Game.load(game.save());
        copy.play(move);
        const ended = copy.status() !== 'playing';
        copy.free();
        return ended;
      });
      if (ends) localStorage.setItem('gridplay.2048.daily.save', game.save());
      game.free();
      if (ends) return true;
    }
    return false;
  });
  assert.ok(found, 'a position whose every move ends the game');
  await keepCopies(page);
  await page.reload();
  await page.waitForFunction(() => window.gridplay?.game()?.moveCount() > 0 && window.gridplay.helpersReady());
  await page.keyboard.press('p');
  const note = page.locator('#game-over[open] #game-over-note');
  await note.waitFor({ timeout: 30000 });
  assert.equal(await note.locator('span').textContent(), 'Today’s result, kept, with help: it makes no day of your streak. Days in a row: 0.');
  assert.equal(await standingLine(page).textContent(), 'With help (1 move by the AI): counted apart from your own games, and makes no best.');
  await note.getByRole('button', { name: 'Share result' }).click();
  await noticeShown(page, 'shared');
  assert.match(await page.evaluate(() => navigator.clipboard.readText()), /^Gridplay 2048, 25 November 2026: .* With help: 1 move by the AI\. http/);
  const day = await page.evaluate(() => JSON.parse(localStorage.getItem('gridplay.daily.results')));
  assert.equal(day['2048/2026-11-25'].standing, 'assisted');
  const { 2048: kept } = await stats(page);
  assert.deepEqual([kept.played, kept.apart?.assisted, kept.run], [0, 1, null]);
  await goto(page, '');
  assert.equal(await page.textContent('#today-streak'), '', 'no day of the streak');
  assert.deepEqual(errors, []);
  await context.close();
});

test('desktop: a Hint taken in Fifteen makes the solve "with help": no best, apart in the stats', async () => {
  const { context, page, errors } = await open('fifteen.html#size=3/seed=2024');
  await page.waitForFunction(() => window.gridplay.helpersReady());
  await page.keyboard.press('i');
  await page.waitForFunction(() => /^Hint: /.test(document.querySelector('#helper-line').textContent), null, { timeout: 30000 });
  const notice = await page.locator('.notice[data-notice="standing"]').allTextContents();
  const { moves } = await page.evaluate(async () => {
    const engine = await import('/pkg/gridplay.js');
    await engine.default();
    const puzzle = engine.Fifteen.load(window.gridplay.game().save());
    return puzzle.plan(0);
  });
  for (const move of moves) {
    await page.locator(`#tiles [data-cell="${move}"]`).click();
    await settle(page);
  }
  await page.locator('#game-over[open]').waitFor();
  assert.deepEqual(await bestKeys(page, 'fifteen'), []);
  const { fifteen } = await stats(page);
  assert.deepEqual([fifteen.played, fifteen.won, fifteen.apart?.assisted, fifteen.run], [0, 0, 1, null]);
  assert.match(notice.join(''), /^With help from now on/);
  assert.equal(await standingLine(page).textContent(), 'With help (1 hint): counted apart from your own games, and makes no best.');
  assert.deepEqual(errors, []);
  await context.close();
});

test('Threes keeps no best from a starting board; the first move of the player\'s own makes one', async () => {
  const { context, page, errors } = await open('threes.html#seed=4242');
  const start = await page.evaluate(() => window.gridplay.game().readouts().score);
  assert.ok(start > 0, 'a starting board that scores');
  assert.equal(await page.evaluate(() => localStorage.getItem('gridplay.threes.best')), null);
  assert.equal(await page.textContent('#best'), '0');
  for (const key of ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown']) {
    await page.keyboard.press(key);
    await settle(page);
    if (await page.evaluate(() => window.gridplay.game().moveCount()) > 0) break;
  }
  const score = await page.evaluate(() => window.gridplay.game().readouts().score);
  await page.evaluate(() => window.gridplay.idle());
  assert.equal(await page.evaluate(() => localStorage.getItem('gridplay.threes.best')), String(score));
  assert.deepEqual(errors, []);
  await context.close();
});

test('2048 undone past its end and ended again is one game in the stats, with the figures the panel shows', async () => {
  const { context, page, errors } = await open('2048.html#seed=31');
  // A game near its end, and from a few moves before it another way to an end with another score.
  const plan = await page.evaluate(() => {
    const Game = window.gridplay.game().constructor;
    const game = Game.load(window.gridplay.game().save());
    const order = ['left', 'up', 'right', 'down'];
    for (let i = 0; game.status() === 'playing'; i += 1) {
      const legal = game.moves();
      game.play(order.find((d) => legal.includes(d)));
    }
    const end = game.moveCount();
    const first = game.readouts().score;
    const finish = game.lastMove().direction;
    for (let back = 2; back < 30; back += 1) {
      const from = game.atStep(end - back);
      const other = ['down', 'right', 'up', 'left'];
      const keys = [];
      while (from.status() === 'playing' && keys.length < 60) {
        const legal = from.moves();
        const move = other.find((d) => legal.includes(d));
        from.play(move);
        keys.push(move);
      }
      if (from.status() !== 'playing' && from.readouts().score !== first) {
        const before = game.atStep(end - 1);
        localStorage.setItem('gridplay.2048.save', before.save());
        return { finish, first, undos: back, keys, second: from.readouts().score };
      }
    }
    return null;
  });
  assert.ok(plan, 'another end with another score');
  await keepCopies(page);
  await page.reload();
  await page.waitForFunction(() => window.gridplay?.game()?.moveCount() > 0);
  const arrow = (d) => `Arrow${d[0].toUpperCase()}${d.slice(1)}`;
  await page.keyboard.press(arrow(plan.finish));
  await page.locator('#game-over[open]').waitFor();
  await page.waitForFunction((score) => JSON.parse(localStorage.getItem('gridplay.stats') ?? '{}')['2048']?.results.at(-1)?.value === score, plan.first);
  await page.click('#game-over-close');
  await page.waitForFunction(() => !document.querySelector('#game-over[open]'));
  const end = await page.evaluate(() => window.gridplay.game().moveCount());
  for (let i = 0; i < plan.undos; i += 1) {
    await page.keyboard.press('u');
    await settle(page);
  }
  assert.equal(await page.evaluate(() => window.gridplay.game().moveCount()), end - plan.undos);
  for (const key of plan.keys) {
    await page.keyboard.press(arrow(key));
    await settle(page);
  }
  await page.locator('#game-over[open]').waitFor();
  assert.equal(Number(await page.textContent('#final-score')), plan.second);
  const { 2048: kept } = await stats(page);
  assert.deepEqual([kept.played, kept.results.length, kept.results[0].value], [1, 1, plan.second]);
  assert.deepEqual(errors, []);
  await context.close();
});

test('two players\' tic-tac-toe counts in the tally and as played for two, not in the player\'s rates', async () => {
  const { context, page, errors } = await open('tictactoe.html');
  for (const cell of [0, 3, 1, 4, 2]) {
    await page.locator(`#board [data-cell="${cell}"]`).click();
    await settle(page);
  }
  assert.equal(await page.evaluate(() => (window.gridplay.game().readouts().winner || null)), 'X');
  await page.waitForFunction(() => localStorage.getItem('gridplay.stats'));
  const { tictactoe } = await stats(page);
  assert.deepEqual([tictactoe.played, tictactoe.won, tictactoe.apart?.two], [0, 0, 1]);
  assert.match((await page.textContent('#tally')).replaceAll('\u00a0', ' '), /^X won 1/, 'in the tally');
  await page.click('#stats-button');
  await page.locator('#stats[open]').waitFor();
  const figures = await page.$$eval('#stats .stats-figures div', (all) => Object.fromEntries(all.map((d) => [d.querySelector('dt').textContent, d.querySelector('dd').textContent])));
  assert.deepEqual(figures, { Played: '1', Streak: '0 days', 'For two players': '1' }, 'played, with no rate of wins and no streak');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a Stats panel left open shows a game another tab finishes', async () => {
  const { context, page, errors } = await open('tictactoe.html');
  const other = await open('tictactoe.html', { context });
  await other.page.click('#stats-button');
  await other.page.locator('#stats[open]').waitFor();
  assert.match(await other.page.textContent('#stats .stats-body'), /No Tic-tac-toe game finished yet/);
  for (const cell of [0, 3, 1, 4, 2]) {
    await page.locator(`#board [data-cell="${cell}"]`).click();
    await settle(page);
  }
  // Shown without being opened again.
  await other.page.waitForFunction(() => /Played\s*1/.test(document.querySelector('#stats .stats-body')?.textContent ?? ''), null, { timeout: 5000 });
  assert.deepEqual([...errors, ...other.errors], []);
  await context.close();
});

test('a finish of the day\'s deal after a replay of it was watched is practice: not the day\'s result', async () => {
  const { context, page, errors } = await open('threes.html#daily');
  // A friend's game of today's deal, and today's deal a move from its end as the player left it.
  const { friend, finish } = await page.evaluate(() => {
    const Game = window.gridplay.game().constructor;
    const play = (game) => {
      for (let i = 0; game.status() === 'playing'; i += 1) {
        const moves = game.moves();
        game.play(moves[i % moves.length]);
      }
    };
    const theirs = Game.load(window.gridplay.game().save());
    play(theirs);
    const mine = Game.load(window.gridplay.game().save());
    const order = ['left', 'up', 'right', 'down'];
    while (mine.status() === 'playing') mine.play(order.find((d) => mine.moves().includes(d)));
    const last = mine.lastMove().direction;
    mine.undo();
    localStorage.setItem('gridplay.threes.daily.save', mine.save());
    return { friend: theirs.save(), finish: last };
  });
  await keepCopies(page);
  await page.reload();
  await page.waitForFunction(() => window.gridplay?.game()?.moveCount() > 0);
  // Their replay, watched over the free game, then back to the day's deal.
  await goto(page, `threes.html#replay=${friend}`);
  await page.waitForSelector('.replay-bar');
  await page.keyboard.press('End');
  await goto(page, 'threes.html#daily');
  await page.keyboard.press(`Arrow${finish[0].toUpperCase()}${finish.slice(1)}`);
  const note = page.locator('#game-over[open] #game-over-note');
  await note.waitFor();
  assert.equal(await note.locator('span').textContent(), 'Practice: you watched a replay of today’s deal, so this is not today’s result.');
  assert.match(await standingLine(page).textContent(), /^Practice \(at a deal you had finished or watched before\)/);
  assert.equal(await page.evaluate(() => localStorage.getItem('gridplay.daily.results')), null);
  const { threes } = await stats(page);
  assert.deepEqual([threes.played, threes.apart?.practice, threes.run], [0, 1, null]);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the first hint of the player\'s own game asks first: Not now keeps it their own; yes takes the hint; don\'t ask again is kept', async () => {
  const { context, page, errors } = await open('2048.html#seed=777');
  await page.waitForFunction(() => window.gridplay.helpersReady());
  // This player has never said not to be asked.
  await page.evaluate(() => localStorage.removeItem('gridplay.help-unasked'));
  await page.keyboard.press('ArrowLeft');
  await settle(page);
  const dialog = page.locator('#confirm-dialog');
  const asked = async () => {
    await page.keyboard.press('i');
    await dialog.waitFor({ state: 'visible' });
    return page.textContent('#confirm-title');
  };
  const hinted = () => page.waitForFunction(() => document.getElementById('announcer').textContent.startsWith('Hint: '));
  /** New game, the one in progress given up where it is asked. */
  const newGame = async () => {
    await page.click('#new-game');
    await page.waitForFunction(() => document.getElementById('confirm-dialog').open || window.gridplay.game().moveCount() === 0);
    if (await dialog.isVisible()) await page.click('#confirm-ok');
    await page.waitForFunction(() => window.gridplay.game().moveCount() === 0);
    await page.evaluate(() => window.gridplay.idle());
  };
  assert.equal(await asked(), 'Take a hint?');
  assert.match(await page.textContent('#confirm-text'), /this whole game \(its moves before the help too\) is counted apart from your own games and makes no best/);
  await page.click('#confirm-cancel');
  await dialog.waitFor({ state: 'hidden' });
  await page.evaluate(() => window.gridplay.idle());
  assert.equal(await page.locator('.notice[data-notice="standing"]').count(), 0, 'still the player\'s own game');
  assert.equal(await page.locator('#hint-arrow').isVisible(), false, 'no hint shown');
  // Yes: the hint, and the game is counted with help.
  assert.equal(await asked(), 'Take a hint?');
  await page.click('#confirm-ok');
  await hinted();
  await noticeShown(page, 'standing');
  // A game with help already asks no more.
  await page.keyboard.press('ArrowRight');
  await settle(page);
  await page.keyboard.press('i');
  await hinted();
  assert.equal(await dialog.isVisible(), false);
  // A new game of the player's own asks again; "don't ask again" is kept for every game after.
  await newGame();
  await page.locator('#board').focus(); // (a letter on the page's bar is the bar's)
  await page.keyboard.press('ArrowLeft');
  await settle(page);
  assert.equal(await asked(), 'Take a hint?');
  await page.click('#confirm-also');
  await hinted();
  assert.equal(await page.evaluate(() => localStorage.getItem('gridplay.help-unasked')), 'yes');
  await newGame();
  await page.locator('#board').focus();
  await page.keyboard.press('ArrowUp');
  await settle(page);
  await page.evaluate(() => { document.getElementById('announcer').textContent = ''; });
  await page.keyboard.press('i');
  await hinted();
  assert.equal(await dialog.isVisible(), false, 'not asked again');
  assert.deepEqual(errors, []);
  await context.close();
});

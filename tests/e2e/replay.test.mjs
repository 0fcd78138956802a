// The replay viewer (features/replay.js), the same for every game: a save opened at its start
// from #<route>/replay=<save> and watched step by step, with the game in play kept aside and
// untouched; Play from here; the game-over panel's Watch the replay and Copy a replay link; a
// link that is no replay of the game.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { desktop, holdRequests, keepCopies, newPage, noticeShown, openDeal, openPage, phone, settle, showPage, swipe, useBrowser } from './harness.mjs';

const env = useBrowser();

/** A 2048 deal with `moves` played by key; the page, and the game's save. */
async function played2048(options, keys) {
  const opened = await openDeal(env.browser, `${env.server.url}2048.html`, options, '2048', 777);
  for (const key of keys) await opened.page.keyboard.press(key);
  await settle(opened.page);
  const save = await opened.page.evaluate(() => window.gridplay.game().save());
  return { ...opened, save };
}

/** What the viewer shows: the game's save and step, the label, the scrubber. */
const shown = (page) => page.evaluate(() => ({
  save: window.gridplay.game().save(),
  steps: window.gridplay.game().stepCount(),
  where: document.querySelector('.replay-where')?.textContent ?? null,
  scrubber: Number(document.querySelector('.replay-scrubber')?.value ?? -1),
}));

/** The save of `save`'s game after its first `step` steps, as the engine makes it. */
const saveAt = (page, save, step) => page.evaluate(([text, n]) => {
  const Game = window.gridplay.game().constructor;
  const full = Game.load(text);
  const at = full.atStep(n);
  const result = at.save();
  at.free();
  full.free();
  return result;
}, [save, step]);

const KEYS = ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown', 'ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown'];

test('a replay link opens at the start; arrows, Home, End, the scrubber and Play step through it; the game in play is kept as it was', async () => {
  const { context, page, errors, save } = await played2048(desktop, KEYS);
  const steps = await page.evaluate(() => window.gridplay.game().stepCount());
  assert.ok(steps >= 6, `only ${steps} moves made`);
  // Another game in play; the replay is of the first.
  await page.keyboard.press('ArrowDown');
  await settle(page);
  const inPlay = await page.evaluate(() => localStorage.getItem('gridplay.2048.save'));

  await page.goto(`${env.server.url}2048.html#replay=${save}`);
  await page.waitForSelector('.replay-bar');
  let now = await shown(page);
  assert.equal(now.save, await saveAt(page, save, 0), 'the start');
  assert.equal(now.where, `Move 0 of ${steps}`);
  assert.ok(page.url().endsWith(`2048.html#replay=${save}`), 'the address keeps the replay');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  now = await shown(page);
  assert.equal(now.save, await saveAt(page, save, 2));
  assert.deepEqual([now.where, now.scrubber], [`Move 2 of ${steps}`, 2]);
  await page.keyboard.press('ArrowLeft');
  assert.equal((await shown(page)).save, await saveAt(page, save, 1));
  await page.keyboard.press('End');
  assert.equal((await shown(page)).save, save, 'the end is the whole game');
  await page.keyboard.press('ArrowRight');
  assert.equal((await shown(page)).save, save, 'nothing past the end');
  await page.keyboard.press('Home');
  assert.equal((await shown(page)).save, await saveAt(page, save, 0));
  // The scrubber goes straight to a step.
  await page.locator('.replay-scrubber').fill('4');
  assert.equal((await shown(page)).save, await saveAt(page, save, 4));
  // Play, fastest: it runs to the end and stops there. Its speech keeps up with the board: while
  // it plays, only where it is, at most each second; the whole step where it stops.
  await page.selectOption('.replay-speed', '8');
  // The judge's note on the step shown is said once it comes (not while it plays on): heard
  // before Play, not counted with what Play says.
  await page.waitForFunction(() => {
    const note = document.querySelector('.replay-note')?.textContent ?? '';
    return note !== '' && !note.includes('judging');
  });
  await page.evaluate(() => {
    const announcer = document.getElementById('announcer');
    window.heard = [];
    new MutationObserver(() => window.heard.push({ at: performance.now(), text: announcer.textContent.trim() }))
      .observe(announcer, { childList: true, characterData: true, subtree: true });
  });
  await page.click('.replay-button[data-act="play"]');
  await page.waitForFunction((n) => document.querySelector('.replay-where').textContent === `Move ${n} of ${n}`, steps);
  assert.equal(await page.getAttribute('.replay-button[data-act="play"]', 'aria-label'), 'Play', 'stopped at the end');
  const heard = (await page.evaluate(() => window.heard)).filter((said) => said.text);
  const playing = heard.slice(0, -1);
  assert.ok(playing.every((said) => /^Move \d+ of \d+\.$/.test(said.text)), JSON.stringify(heard));
  assert.ok(playing.every((said, i) => i === 0 || said.at - playing[i - 1].at >= 990), `at most one a second: ${JSON.stringify(heard)}`);
  assert.match(heard.at(-1).text, new RegExp(`^Move ${steps} of ${steps}\\. .+`), 'the step it stopped at, whole');
  // Watched, not played: a move, Undo and New game's keys change nothing, and nothing was saved.
  await page.keyboard.press('u');
  await page.keyboard.press('w');
  assert.equal((await shown(page)).save, save);
  assert.equal(await page.evaluate(() => localStorage.getItem('gridplay.2048.save')), inPlay);
  // Close: the game in play, as it was, and the address without the replay.
  await page.click('.replay-button[data-act="close"]');
  assert.equal((await shown(page)).save, inPlay);
  assert.equal(await page.locator('.replay-bar').count(), 0);
  assert.ok(page.url().endsWith('2048.html'));
  await page.keyboard.press('ArrowUp');
  await settle(page);
  assert.ok((await page.evaluate(() => window.gridplay.game().stepCount())) >= 1, 'the game plays on');
  assert.deepEqual(errors, []);
  await context.close();
});

test('Play from here: asked first over a game in progress, then the step shown is the game in play, saved, and plays on', async () => {
  const { context, page, errors, save } = await played2048(desktop, KEYS);
  await page.goto(`${env.server.url}2048.html#replay=${save}`);
  await page.waitForSelector('.replay-bar');
  for (let i = 0; i < 3; i += 1) await page.keyboard.press('ArrowRight');
  const at3 = await saveAt(page, save, 3);
  await page.click('.replay-button[data-act="here"]');
  await page.locator('#confirm-dialog').waitFor({ state: 'visible' });
  await page.click('#confirm-cancel');
  assert.equal((await shown(page)).save, at3, 'kept watching');
  assert.equal(await page.evaluate(() => localStorage.getItem('gridplay.2048.save')), save);
  await page.click('.replay-button[data-act="here"]');
  await page.click('#confirm-ok');
  await page.waitForFunction(() => !document.querySelector('.replay-bar'));
  assert.equal(await page.evaluate(() => window.gridplay.game().save()), at3);
  // (Kept once the records have it: the copy in localStorage follows.)
  await page.evaluate(() => window.gridplay.idle());
  assert.equal(await page.evaluate(() => localStorage.getItem('gridplay.2048.save')), at3);
  assert.ok(page.url().endsWith('2048.html'));
  // It is a game like any other: the undo goes back into the replayed moves.
  await page.keyboard.press('u');
  await settle(page);
  assert.equal(await page.evaluate(() => window.gridplay.game().stepCount()), 2);
  assert.deepEqual(errors, []);
  await context.close();
});

test('phone: a swipe left steps forward and a swipe right back; a reload opens the replay again', async () => {
  const { context, page, errors, save } = await played2048(phone, KEYS.slice(0, 4));
  await page.goto(`${env.server.url}2048.html#replay=${save}`);
  await page.waitForSelector('.replay-bar');
  await swipe(page, 'left');
  await swipe(page, 'left');
  assert.equal((await shown(page)).save, await saveAt(page, save, 2));
  await swipe(page, 'right');
  assert.equal((await shown(page)).save, await saveAt(page, save, 1));
  await page.reload();
  await page.waitForSelector('.replay-bar');
  assert.equal((await shown(page)).where.startsWith('Move 0 of'), true);
  assert.equal(await page.evaluate(() => localStorage.getItem('gridplay.2048.save')), save, 'the game in play, untouched');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a link that is no replay of the game: a plain notice and the game as it was', async () => {
  const { context, page, errors, save } = await played2048(desktop, KEYS.slice(0, 3));
  // The game in, before the links are followed (a link followed while the page's first game
  // still loads is another test's).
  await showPage(page, `${env.server.url}2048.html`);
  for (const bad of ['threes.1.5.0.', 'garbage', '']) {
    await page.goto(`${env.server.url}2048.html#replay=${bad}`);
    // (The same notice again, still up, is only shown anew: a record of notices added would
    // hold the last link's.)
    await page.locator('.notice[data-notice="bad-link"]').waitFor();
    assert.match(await page.locator('.notice[data-notice="bad-link"]').textContent(), /not a replay of a 2048 game/);
    await page.waitForFunction(() => location.pathname.endsWith('/2048.html') && location.hash === '');
    assert.equal(await page.locator('.replay-bar').count(), 0);
    assert.equal(await page.evaluate(() => window.gridplay.game().save()), save);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('the game-over panel: Watch the replay opens the finished game at its start; Copy a replay link copies a link that opens it', async () => {
  const { context, page, errors } = await openPage(env.browser, `${env.server.url}fifteen.html`, desktop);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const solved = 'fifteen.1.3-21.23.CMhIxMgIxAgEzAiA';
  await page.evaluate((text) => localStorage.setItem('gridplay.fifteen.save', text), solved);
  await keepCopies(page);
  await page.reload();
  await page.locator('#game-over').waitFor({ state: 'visible' });
  await page.click('#game-over-copy-replay');
  await noticeShown(page, 'shared');
  const link = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(link, `${env.server.url}fifteen.html#replay=${solved}`);
  // From home, as a player comes: the route puts the focus on the game's title, and the panel
  // (the finished game's, at once) gives it back there as it closes.
  await page.goto(`${env.server.url}`);
  await page.click('a.game-card[data-game="fifteen"]');
  await page.locator('#game-over').waitFor({ state: 'visible' });
  await page.click('#game-over-replay');
  await page.waitForSelector('.replay-bar');
  assert.equal((await shown(page)).where, 'Move 0 of 23');
  assert.deepEqual(await page.evaluate(() => window.gridplay.game().cells()), [3, 8, 2, 0, 4, 5, 6, 1, 7]);
  // Space plays at once, wherever the route left the focus (on the game's title).
  await page.keyboard.press('Space');
  await page.waitForFunction(() => document.querySelector('.replay-bar [aria-label="Pause"]'));
  await page.keyboard.press('Space');
  await page.waitForFunction(() => document.querySelector('.replay-bar [aria-label="Play"]'));
  // The game's own controls act on the game in play, not on the replay: out of use meanwhile.
  const held = () => page.evaluate(() => ['#undo', '#hint', '#solve', '#size-picker'].map((id) => document.querySelector(id).inert));
  assert.deepEqual(await held(), [true, true, true, true]);
  await page.click('#size-picker input[value="3"]', { force: true, timeout: 2000 }).catch(() => {});
  assert.ok(await page.locator('.replay-bar').isVisible(), 'a size tapped does not close the replay');
  await page.locator('.replay-bar').getByRole('button', { name: 'Close' }).click();
  await page.waitForFunction(() => !document.querySelector('.replay-bar'));
  assert.deepEqual(await held(), [false, false, false, false], 'back in use with the game in play');
  // The copied link, opened afresh, is the same replay.
  const other = await openPage(env.browser, link, desktop);
  await other.page.waitForSelector('.replay-bar');
  assert.equal((await shown(other.page)).where, 'Move 0 of 23');
  await other.context.close();
  assert.deepEqual(errors, []);
  await context.close();
});

test('Minesweeper: the picker shows the replayed board while it is shown; closed, the game in play comes back with its board and its clock', async () => {
  const { context, page, errors } = await openPage(env.browser, `${env.server.url}mines.html`, desktop);
  const fixture = readFileSync(new URL('../fixtures/saves/format-1/mines.txt', import.meta.url), 'utf8');
  const saveOf = (name) => /save = (\S+)/.exec(fixture.slice(fixture.indexOf(`[${name}`)))[1];
  const inPlay = saveOf('the first dig');
  const expert = saveOf('expert, won');
  await page.evaluate(([save, clock]) => {
    localStorage.setItem('gridplay.mines.save', save);
    localStorage.setItem('gridplay.mines.clock', JSON.stringify(clock));
  }, [inPlay, { id: inPlay.split('.').slice(0, 3).join('.'), ms: 65_000 }]);
  await keepCopies(page);
  await page.goto(`${env.server.url}mines.html#replay=${expert}`);
  await page.reload();
  await page.waitForSelector('.replay-bar');
  const picked = () => page.evaluate(() => document.querySelector('#preset-picker input:checked')?.value);
  assert.equal(await picked(), 'expert');
  await page.keyboard.press('End');
  assert.equal(await page.evaluate(() => window.gridplay.game().status()), 'won');
  assert.equal(await page.locator('#game-over').isVisible(), false, 'a replay does not end the game in play');
  assert.equal(await page.textContent('#clock'), '–', 'no time beside a replay (the game in play\'s is not its own)');
  await page.click('.replay-button[data-act="close"]');
  assert.equal(await page.evaluate(() => window.gridplay.game().save()), inPlay);
  assert.equal(await picked(), 'beginner');
  await page.waitForFunction(() => Number(document.getElementById('clock').dataset.ms) >= 65_000);
  assert.deepEqual(errors, []);
  await context.close();
});

test('Minesweeper Intermediate: the board fits a laptop\'s window; a replay rings the move its note is about, scrolled into view, and on a phone a swipe on the board steps', async () => {
  const link = '16x16x40/seed=5';
  const { context, page, errors } = await openPage(env.browser, `${env.server.url}mines.html#${link}`, desktop);
  await page.waitForFunction(() => window.gridplay.game()?.width() === 16);
  const frame = () => page.evaluate(() => {
    const scroll = document.querySelector('.mines-scroll');
    return { scrolls: scroll.scrollHeight > scroll.clientHeight + 1 || scroll.scrollWidth > scroll.clientWidth + 1 };
  });
  assert.deepEqual(await frame(), { scrolls: false }, 'all 16 rows in a 1280×800 window');
  // A dig in the middle, then flags in the far corners, the last at column 14, row 16.
  const moves = [[8, 8, 'dig'], [13, 14, 'flag'], [2, 15, 'flag'], [15, 0, 'flag'], [0, 0, 'flag'], [13, 15, 'flag']];
  const save = await page.evaluate(([text, list]) => {
    const game = window.gridplay.game().constructor.fromLink(text);
    for (const [x, y, act] of list) game.play({ x, y, act });
    const written = game.save();
    game.free();
    return written;
  }, [link, moves]);
  /** The ringed square ({cell, kind}), and whether it lies whole inside the board's frame, once
   * the judge has said the move (the ring comes with its note). */
  const ringed = async (p) => {
    await p.waitForFunction(() => !document.querySelector('.replay-note').textContent.includes('judging'));
    return ringNow(p);
  };
  const ringNow = (p) => p.evaluate(() => {
    const squares = [...document.querySelectorAll('[data-replay-next]')];
    if (squares.length !== 1) return { count: squares.length };
    const [square] = squares;
    const box = square.getBoundingClientRect();
    const view = document.querySelector('.mines-scroll').getBoundingClientRect();
    const inside = box.top >= view.top - 1 && box.bottom <= view.bottom + 1 && box.left >= view.left - 1 && box.right <= view.right + 1;
    return { cell: Number(square.dataset.cell), kind: square.dataset.replayNext, inside };
  });
  const cellOf = ([x, y]) => y * 16 + x;
  /** The label over column 13 and beside row 15, as drawn. */
  const labels = (p) => p.evaluate(() => [
    getComputedStyle(document.querySelector('#board [data-cell="12"]'), '::before').content,
    getComputedStyle(document.querySelector(`#board [data-cell="${14 * 16}"]`), '::after').content,
  ]);
  for (const options of [desktop, phone]) {
    const viewer = options === desktop ? page : await (await env.browser.newContext(options)).newPage();
    await viewer.goto(`${env.server.url}mines.html#replay=${save}`);
    await viewer.waitForSelector('.replay-bar');
    assert.deepEqual(await ringed(viewer), { cell: cellOf(moves[0]), kind: 'move', inside: true }, 'the first dig');
    // The columns and rows numbered along the edges, as the notes name squares.
    assert.deepEqual(await labels(viewer), ['"13"', '"15"']);
    await viewer.keyboard.press('End');
    assert.deepEqual(await ringed(viewer), { count: 0 }, 'nothing after the last move');
    await viewer.keyboard.press('ArrowLeft');
    assert.deepEqual(await ringed(viewer), { cell: cellOf(moves[5]), kind: 'move', inside: true }, 'the last flag, scrolled to');
    if (options === phone) {
      await viewer.keyboard.press('Home');
      await swipe(viewer, 'left', '.mines-scroll');
      await swipe(viewer, 'left', '.mines-scroll');
      assert.equal(await viewer.textContent('.replay-where'), `Move 2 of ${moves.length}`, 'two swipes, two moves');
      assert.deepEqual(await ringed(viewer), { cell: cellOf(moves[2]), kind: 'move', inside: true });
      await viewer.context().close();
    }
  }
  await page.click('.replay-button[data-act="close"]');
  assert.equal(await page.locator('[data-replay-next]').count(), 0, 'no ring once closed');
  assert.deepEqual(await labels(page), ['none', 'none'], 'no numbers once closed');
  assert.deepEqual(errors, []);
  await context.close();
});

test('Fifteen: a slide of several tiles is one step; the viewer says slides and moves apart, as the solved panel counts moves', async () => {
  const { context, page, errors } = await openPage(env.browser, `${env.server.url}fifteen.html`, desktop);
  await page.waitForFunction(() => window.gridplay.game());
  // One slide of three tiles: a square three from the gap, in its row or column.
  const save = await page.evaluate(() => {
    const game = window.gridplay.game().constructor.fromLink('size=4/seed=21');
    const far = game.moves().find((cell) => {
      const copy = window.gridplay.game().constructor.load(game.save());
      copy.play(cell);
      const tiles = copy.moveCount();
      copy.free();
      return tiles === 3;
    });
    game.play(far);
    const text = game.save();
    game.free();
    return text;
  });
  await page.goto(`${env.server.url}fifteen.html#replay=${save}`);
  await page.waitForSelector('.replay-bar');
  assert.equal(await page.textContent('.replay-where'), 'Slide 0 of 1 (0 of 3 moves)');
  await page.keyboard.press('End');
  assert.equal(await page.textContent('.replay-where'), 'Slide 1 of 1 (3 of 3 moves)');
  await page.keyboard.press('Home');
  await page.waitForFunction(() => !document.querySelector('.replay-note').textContent.includes('judging'));
  // The tiles of the slide by their numbers, as the move was said.
  assert.match(await page.textContent('.replay-note'), /^Slide 1: Moved \d+, \d+ and \d+ (up|down|left|right): /);
  assert.deepEqual(errors, []);
  await context.close();
});

test('Minesweeper Beginner on a phone: the replay\'s numbered board still fits its frame, and the ringed square clears its faded edges', async () => {
  // A tall phone, and a small one (360×640), where the replay's controls leave the least room.
  for (const options of [phone, { ...phone, viewport: { width: 360, height: 640 } }]) await beginnerFits(options);
});

async function beginnerFits(options) {
  const { context, page, errors } = await openPage(env.browser, `${env.server.url}mines.html`, options);
  const save = await page.evaluate(() => {
    const game = window.gridplay.game().constructor.fromLink('9x9x10/seed=4');
    for (const [x, y, act] of [[4, 4, 'dig'], [0, 8, 'flag'], [8, 0, 'flag']]) game.play({ x, y, act });
    const text = game.save();
    game.free();
    return text;
  });
  await page.goto(`${env.server.url}mines.html#replay=${save}`);
  await page.waitForSelector('.replay-bar');
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => document.querySelector('[data-replay-next]')?.dataset.cell === String(8 * 9));
  const fit = await page.evaluate(() => {
    const scroll = document.querySelector('.mines-scroll');
    const frame = scroll.getBoundingClientRect();
    const square = document.querySelector('[data-replay-next]').getBoundingClientRect();
    return {
      scrolls: scroll.scrollHeight > scroll.clientHeight + 1 || scroll.scrollWidth > scroll.clientWidth + 1,
      clear: square.bottom <= frame.bottom - 4 && square.left >= frame.left + 4,
    };
  });
  assert.deepEqual(fit, { scrolls: false, clear: true }, `${options.viewport.width}×${options.viewport.height}`);
  // And the whole board is on screen, above the replay's controls.
  const onScreen = await page.evaluate(() => {
    const board = document.querySelector('.mines-scroll').getBoundingClientRect();
    const bar = document.querySelector('.replay-bar').getBoundingClientRect();
    return board.top >= 0 && board.bottom <= bar.top + 1 && bar.bottom <= innerHeight + 1;
  });
  assert.ok(onScreen, `${options.viewport.width}×${options.viewport.height}: the board and the controls in sight`);
  assert.deepEqual(errors, []);
  await context.close();
}

test('a blind player hears each step: the move shown in the engine\'s words, a note once judged, and Esc closes the viewer, from its scrubber too', async () => {
  const { context, page, errors, save } = await played2048(desktop, KEYS);
  await page.goto(`${env.server.url}2048.html#replay=${save}`);
  await page.waitForSelector('.replay-bar');
  // The first move's note is said: as it comes from the judge, where it said "judging…" at first.
  await page.waitForFunction(() => /Move 1: (?!judging)\S/.test(document.getElementById('announcer').textContent));
  // Everything said from here (the next move's note may follow the step's words at once).
  await page.evaluate(() => {
    const announcer = document.getElementById('announcer');
    window.saidSince = [];
    new MutationObserver(() => window.saidSince.push(announcer.textContent.trim())).observe(announcer, { childList: true, characterData: true, subtree: true });
  });
  await page.keyboard.press('ArrowRight');
  // The move shown, in the engine's words, as it was said when played.
  const expected = await page.evaluate((text) => {
    const Game = window.gridplay.game().constructor;
    const full = Game.load(text);
    const before = full.atStep(0);
    const after = full.atStep(1);
    const move = ['up', 'down', 'left', 'right'].find((d) => {
      const trial = Game.load(before.save());
      const made = trial.play(d).ok && trial.save() === after.save();
      trial.free();
      return made;
    });
    const { said } = before.play(move);
    [full, before, after].forEach((g) => g.free());
    return said;
  }, save);
  await page.waitForFunction(() => window.saidSince.some((text) => text.startsWith('Move 1 of ')));
  const said = await page.evaluate(() => window.saidSince.find((text) => text.startsWith('Move 1 of ')));
  assert.ok(said.includes(`. ${expected} `), said);
  // Escape closes the viewer from its scrubber too (a range input, which takes the arrows).
  await page.locator('.replay-scrubber').focus();
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('.replay-bar'));
  assert.deepEqual(errors, []);
  await context.close();
});

/** The numbers drawn beside a board's pieces (the ::before and ::after content of anything on it). */
const edgeNumbers = (page) => page.evaluate(() => [...document.querySelectorAll('#board *')].flatMap((el) =>
  ['::before', '::after'].map((pseudo) => getComputedStyle(el, pseudo).content)
    .filter((content) => /^"\d+"$/.test(content))));

test('a replay numbers the edges of Minesweeper\'s board, and of no board of tiles (2048, Threes)', async () => {
  const { context, page, errors, save } = await played2048(desktop, KEYS);
  await page.goto(`${env.server.url}2048.html#replay=${save}`);
  await page.waitForSelector('.replay-bar');
  await page.keyboard.press('End');
  assert.deepEqual(await edgeNumbers(page), [], '2048: no number beside a tile');

  await page.goto(`${env.server.url}threes.html`);
  await page.waitForFunction(() => window.gridplay?.route() === 'threes' && window.gridplay.game());
  for (const key of KEYS) await page.keyboard.press(key);
  await settle(page);
  const threes = await page.evaluate(() => window.gridplay.game().save());
  await page.goto(`${env.server.url}threes.html#replay=${threes}`);
  await page.waitForSelector('.replay-bar');
  await page.keyboard.press('End');
  assert.deepEqual(await edgeNumbers(page), [], 'Threes: no number beside a card');

  await page.goto(`${env.server.url}mines.html`);
  await page.waitForFunction(() => window.gridplay?.route() === 'mines' && window.gridplay.game());
  const mines = await page.evaluate(() => {
    const game = window.gridplay.game().constructor.fromLink('9x9x10/seed=4');
    game.play({ x: 4, y: 4, act: 'dig' });
    const text = game.save();
    game.free();
    return text;
  });
  await page.goto(`${env.server.url}mines.html#replay=${mines}`);
  await page.waitForSelector('.replay-bar');
  const numbers = (await edgeNumbers(page)).map((content) => Number(content.slice(1, -1)));
  assert.deepEqual(numbers.sort((a, b) => a - b), [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9], 'Minesweeper: 9 columns and 9 rows numbered');
  assert.deepEqual(errors, []);
  await context.close();
});

test('2048: beside a friend\'s replay, BEST is still the player\'s own', async () => {
  const { context, page, errors } = await openPage(env.browser, `${env.server.url}2048.html`, desktop);
  await page.evaluate(() => localStorage.setItem('gridplay.2048.best', '16'));
  await keepCopies(page);
  const save = await page.evaluate(() => {
    const game = window.gridplay.game().constructor.fromLink('seed=5');
    for (let i = 0; i < 40; i += 1) game.play(['left', 'down', 'right', 'down'][i % 4]);
    const text = game.save();
    game.free();
    return text;
  });
  await page.goto(`${env.server.url}2048.html#replay=${save}`);
  await page.reload();
  await page.waitForSelector('.replay-bar');
  await page.keyboard.press('End');
  assert.ok(Number(await page.textContent('#score')) > 16, 'the friend scored more');
  assert.equal(await page.textContent('#best'), '16');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a replay link followed while the game is still loading opens once the game is in', async () => {
  const { context, page, errors } = await newPage(env.browser, desktop);
  // The game's code held back: the page is up, its game not yet.
  const release = await holdRequests(page, /\/js\/2048\/mount-\w+\.js$/);
  await page.goto(`${env.server.url}2048.html`, { waitUntil: 'commit' });
  await page.waitForFunction(() => window.gridplay?.busy());
  await page.evaluate(() => { location.hash = '#replay=garbage'; });
  await page.waitForFunction(() => location.hash === '#replay=garbage');
  release();
  assert.match(await noticeShown(page, 'bad-link'), /not a replay of a 2048 game/);
  await page.waitForFunction(() => location.hash === '' && window.gridplay.game());
  // And a good one, the same way: its viewer over the game.
  const save = await page.evaluate(() => window.gridplay.game().save());
  const held = await holdRequests(page, /\/js\/2048\/mount-\w+\.js$/);
  await page.goto(`${env.server.url}2048.html`, { waitUntil: 'commit' });
  await page.waitForFunction(() => window.gridplay?.busy());
  await page.evaluate((replay) => { location.hash = `#replay=${replay}`; }, save);
  held();
  await page.waitForSelector('.replay-bar');
  assert.deepEqual(errors, []);
  await context.close();
});

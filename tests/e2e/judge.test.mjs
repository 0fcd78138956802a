// Where a replayed game went wrong: the viewer's judge (features/judging.js) asks each game's
// helper about every move, in the helpers' worker, and marks the moves worth a second look on
// the scrubber, with what the helper thinks under the controls; [ and ] go from mark to mark.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { desktop, openPage, phone, useBrowser } from './harness.mjs';

const env = useBrowser();

/**
 * A save made on the page with the route's engine class: `play(Game)` returns the game. With
 * `helpers` (a class name), the class is the all-games engine's, which has the helpers (a page's
 * own engine leaves out the AI and the solver); its saves are the same.
 */
async function madeSave(route, play, { helpers = '' } = {}) {
  const opened = await openPage(env.browser, `${env.server.url}${route}.html`, desktop);
  const save = await opened.page.evaluate(`(async () => {
    // The all-games engine (its classes' calls besides the contract too), by the route.
    const engine = await import('/pkg/gridplay.js');
    await engine.default();
    const Game = ${JSON.stringify(helpers)} ? engine[${JSON.stringify(helpers)}]
      : Object.values(engine).find((value) => value?.route?.() === ${JSON.stringify(route)});
    const game = (${play})(Game);
    const text = game.save();
    game.free();
    return text;
  })()`);
  return { ...opened, save };
}

/** Opens the replay of `save` and waits until every move is judged. */
async function judged(page, route, save) {
  await page.goto(`${env.server.url}${route}.html#replay=${save}`);
  await page.waitForSelector('.replay-bar');
  await page.waitForFunction(() => {
    const summary = document.querySelector('.replay-summary')?.textContent ?? '';
    return summary !== '' && !summary.includes('so far');
  }, null, { timeout: 60_000 });
  return page.evaluate(() => ({
    summary: document.querySelector('.replay-summary').textContent,
    note: document.querySelector('.replay-note').textContent,
    marked: document.querySelector('.replay-note').classList.contains('marked'),
    marks: document.querySelectorAll('.replay-mark').length,
    where: document.querySelector('.replay-where').textContent,
  }));
}

const viewed = (page) => page.evaluate(() => ({
  note: document.querySelector('.replay-note').textContent,
  marked: document.querySelector('.replay-note').classList.contains('marked'),
  where: document.querySelector('.replay-where').textContent,
}));

test('tic-tac-toe: the edge reply to a centre opening is marked as turning a draw into a loss, and ] goes to it', async () => {
  const { context, page, errors, save } = await madeSave('tictactoe', (Game) => {
    const game = new Game();
    for (const cell of [4, 1, 0]) game.play(cell);
    return game;
  });
  const first = await judged(page, 'tictactoe', save);
  assert.equal(first.summary, '1 move marked.');
  assert.equal(first.marks, 1, 'one mark on the scrubber');
  assert.deepEqual([first.where, first.note, first.marked], ['Move 0 of 3', 'Move 1: X in the centre: a good move.', false]);
  await page.keyboard.press(']');
  assert.deepEqual(await viewed(page), {
    where: 'Move 1 of 3',
    note: 'Move 2: O in the top centre turned a draw into a loss; the top left would have kept it.',
    marked: true,
  });
  await page.keyboard.press(']');
  assert.equal((await viewed(page)).where, 'Move 1 of 3', 'no mark further on');
  await page.keyboard.press('End');
  await page.keyboard.press('[');
  assert.equal((await viewed(page)).where, 'Move 1 of 3', '[ comes back to it');
  assert.deepEqual(errors, []);
  await context.close();
});

test('Fifteen 3×3: a tile moved away and back is marked, and the moves beyond the fewest are added up', async () => {
  const { context, page, errors, save } = await madeSave('fifteen', (Game) => {
    const game = new Game(3, 11);
    const slideTile = (tile) => game.slide(game.tiles().indexOf(tile));
    const toward = game.hint();
    slideTile(toward);
    slideTile(toward); // back where it was
    for (let i = 0; i < 3; i += 1) slideTile(game.hint());
    return game;
  }, { helpers: 'Fifteen' });
  const done = await judged(page, 'fifteen', save);
  assert.equal(done.summary, '1 move marked; 2 moves beyond the fewest.');
  await page.keyboard.press(']');
  const back = await viewed(page);
  assert.equal(back.where, 'Move 1 of 5');
  assert.ok(back.marked);
  assert.match(back.note, /^Move 2: Moved \d+ (up|down|left|right): from (\d+) to (\d+) moves from solved, 2 more than the fewest\.$/);
  const [, from, to] = back.note.match(/from (\d+) to (\d+) moves/);
  assert.equal(Number(to), Number(from) + 1, 'one move further from solved');
  assert.deepEqual(errors, []);
  await context.close();
});

test('Fifteen 4×4 on a phone: the replay\'s controls stay where they are while the judge\'s words arrive', async () => {
  const { context, page, errors, save } = await madeSave('fifteen', (Game) => {
    const game = Game.fromLink('size=4/seed=12');
    // A wander of legal moves: enough for the judge to take a while.
    for (let i = 0; i < 40; i += 1) game.play(game.moves()[i % game.moves().length]);
    return game;
  });
  await page.setViewportSize(phone.viewport);
  await page.goto(`${env.server.url}fifteen.html#replay=${save}`);
  const forward = page.getByRole('button', { name: 'Forward one move' });
  await forward.waitFor();
  const before = await forward.boundingBox();
  await page.waitForFunction(() => !document.querySelector('.replay-summary').textContent.includes('so far'), null, { timeout: 60_000 });
  const after = await forward.boundingBox();
  // (Within a pixel: text's line boxes round differently as it changes.)
  assert.ok(Math.abs(after.y - before.y) < 1 && Math.abs(after.x - before.x) < 1, `Forward where it was: ${JSON.stringify([before, after])}`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('Fifteen 4×4: the solver\'s tables are kept in the browser once built, and a damaged copy is built again', async () => {
  const { context, page, errors, save } = await madeSave('fifteen', (Game) => {
    const game = Game.fromLink('size=4/seed=3');
    for (let i = 0; i < 12; i += 1) game.play(game.moves()[i % game.moves().length]);
    return game;
  });
  // The page's helpers solve its deal ahead of a first Hint, building the tables, then keep them.
  const kept = () => page.evaluate(async () => {
    const cache = await caches.open('solver-tables');
    const [key] = await cache.keys();
    return key ? { url: key.url, bytes: (await (await cache.match(key)).arrayBuffer()).byteLength } : null;
  });
  const until = async (check) => {
    for (let tries = 0; tries < 300 && !(await check()); tries += 1) await page.waitForTimeout(200);
  };
  await until(kept);
  const whole = await kept();
  assert.ok(whole.bytes > 5_000_000, `the tables: ${JSON.stringify(whole)}`);
  // Damaged in storage: refused by the engine, built again, and kept whole again.
  await page.evaluate(async (url) => (await caches.open('solver-tables')).put(url, new Response(new Uint8Array(64))), whole.url);
  const done = await judged(page, 'fifteen', save);
  assert.match(done.note, /^(Move|Slide) 1: Moved \d+((, \d+)* and \d+)? (up|down|left|right): from \d+ to \d+ moves from solved/);
  assert.match(done.where, /^(Move 0 of 12|Slide 0 of 12 \(0 of \d+ moves\))$/);
  await until(async () => (await kept()).bytes === whole.bytes);
  assert.deepEqual(await kept(), whole);
  assert.deepEqual(errors, []);
  await context.close();
});

test('Minesweeper: a dig on a square not certainly safe, while one was, is marked on a phone', async () => {
  const { context, page, errors } = await openPage(env.browser, `${env.server.url}mines.html`, phone);
  // Deals until the first dig leaves a square certainly safe beside others that are not, then
  // digs one of those: a guess (which may lose, also marked).
  // Made with the all-games engine, whose Minefield has certainlySafe (a page's own leaves it
  // out); its saves are the same.
  const made = await page.evaluate(async () => {
    const engine = await import('/pkg/gridplay.js');
    await engine.default();
    const Game = engine.Minefield;
    for (let seed = 1; seed < 200; seed += 1) {
      const game = new Game(9, 9, 10, seed);
      game.reveal(4, 4);
      const safe = game.certainlySafe();
      const cells = game.cells();
      const guess = cells.findIndex((code, cell) => code === 9 && !safe.includes(cell));
      if (safe.length > 0 && guess >= 0) {
        game.reveal(guess % 9, Math.floor(guess / 9));
        const text = game.save();
        game.free();
        return { save: text, guess };
      }
      game.free();
    }
    return null;
  });
  assert.ok(made, 'a deal with a guess to make');
  const done = await judged(page, 'mines', made.save);
  assert.equal(done.summary, '1 move marked.');
  assert.match(done.note, /^Move 1: The first dig, at row \d+, column \d+: always safe\.$/);
  await page.locator('.replay-button[data-act="next-mark"]').tap();
  const guess = await viewed(page);
  assert.ok(guess.marked);
  const square = `row ${Math.floor(made.guess / 9) + 1}, column ${made.guess % 9 + 1}`;
  assert.ok(guess.note === `Move 2: This dig lost: a mine at ${square}.` || guess.note.startsWith(`Move 2: A guess at ${square}, while `),
    guess.note);
  // The square the note names is ringed on the board, as marked.
  assert.deepEqual(await page.$$eval('[data-replay-next]', (squares) => squares.map((s) => [Number(s.dataset.cell), s.dataset.replayNext])), [[made.guess, 'marked']]);
  assert.deepEqual(errors, []);
  await context.close();
});

test('2048: every move is judged against the AI, and each mark names the AI’s other move', async () => {
  const { context, page, errors, save } = await madeSave('2048', (Game) => {
    const game = new Game(2024);
    for (let i = 0; i < 12; i += 1) game.move(['left', 'up', 'right', 'down'][i % 4]);
    return game;
  });
  const steps = await page.evaluate((text) => {
    const Game = window.gridplay.game().constructor;
    const game = Game.load(text);
    const n = game.stepCount();
    game.free();
    return n;
  }, save);
  const done = await judged(page, '2048', save);
  const notes = [];
  for (let step = 0; step < steps; step += 1) {
    notes.push(await viewed(page));
    await page.keyboard.press('ArrowRight');
  }
  const marked = notes.filter((n) => n.marked);
  assert.equal(done.summary, `${marked.length === 1 ? '1 move' : `${marked.length} moves`} marked.`);
  assert.equal(done.marks, marked.length, 'one mark on the scrubber for each');
  for (const { note, marked: isMarked } of notes) {
    const [, played, best] = note.match(/^Move \d+: Slid (\w+)(?:; the AI would slide (\w+)\.|, as the AI would\.)$/) ?? [];
    assert.ok(played, note);
    assert.equal(isMarked, best !== undefined && best !== played, note);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

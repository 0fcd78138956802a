// Stored games come back: every kept save of today's format (tests/fixtures/saves/, see
// tests/saves.rs), put where the page keeps its game (`gridplay.<game>.save`) as a returning
// player's browser holds it, is the game the page opens, unchanged, with no notice; and the
// timed games' kept clock (`gridplay.<game>.clock`, kept with the id of the game's start) is
// the time shown. The first write after (an undo) keeps it in the site's records.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { readGames } from '../../scripts/games.mjs';
import { asReadToday } from '../kept-saves.mjs';
import { desktop, keepCopies, newPage, recordOf, useBrowser } from './harness.mjs';

const env = useBrowser();

const root = new URL('../fixtures/saves/', import.meta.url);

/** The cases of a fixture file: name, save and the position fields (see tests/saves.rs). */
function cases(file) {
  const list = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const header = /^\[(.*)\]$/.exec(line.trim());
    if (header) list.push({ name: header[1], fields: [] });
    else if (/^\w+ = /.test(line)) {
      const at = line.indexOf(' = ');
      list.at(-1).fields.push([line.slice(0, at), line.slice(at + 3)]);
    }
  }
  return list.map(({ name, fields }) => ({
    name,
    save: fields.find(([k]) => k === 'save')[1],
    position: fields.filter(([k]) => k !== 'save' && k !== 'then' && !k.startsWith('after.')),
  }));
}

// The newest format is the one every page writes today.
const today = readdirSync(root).filter((name) => name.startsWith('format-')).sort((a, b) =>
  Number(a.slice(7)) - Number(b.slice(7))).at(-1);

// Every game of the list; its saves are tagged, and its fixtures named, with its route.
for (const { route } of readGames()) {
  const game = route;
  test(`${game}: every kept save is the game the page opens, with its clock`, async () => {
    const { context, page, errors } = await newPage(env.browser, desktop);
    await page.goto(`${env.server.url}${route}.html`);
    await page.waitForFunction(() => window.gridplay?.game());
    // A timed game keeps its clock beside the save (the engine says which games are).
    const timed = await page.evaluate(() => window.gridplay.game().constructor.timed());
    let taken = 0;
    for (const { name, save, position: recorded } of cases(new URL(`${today}/${game}.txt`, root))) {
      const position = asReadToday(game, recorded);
      const clock = { id: save.split('.').slice(0, 3).join('.'), ms: 65_000 };
      // From home, where no game is left to write its own clock over the one put here as the
      // page goes; then a cold load of the game's page. (The game shown kept first: home has no
      // game to wait for, and a write still on its way would put its copy over this one.)
      await page.evaluate(() => window.gridplay.idle());
      await page.goto(env.server.url);
      await page.waitForFunction(() => window.gridplay?.route() === 'home');
      await page.evaluate(([key, text, clockKey, kept]) => {
        localStorage.clear();
        localStorage.setItem(key, text);
        if (clockKey) localStorage.setItem(clockKey, JSON.stringify(kept));
      }, [`gridplay.${game}.save`, save, timed ? `gridplay.${game}.clock` : null, clock]);
      await keepCopies(page);
      await page.goto(`${env.server.url}${route}.html`);
      await page.reload();
      await page.waitForFunction(() => window.gridplay?.game());
      // The game the page opened, and what the library (the all-games engine, every member of
      // a class: a page's own engine has the contract's alone) reads of it.
      const shown = await page.evaluate(async ([fields, tag]) => {
        const engine = await import('/pkg/gridplay.js');
        await engine.default();
        const Game = Object.values(engine).find((value) => value?.route?.() === tag);
        const current = Game.load(window.gridplay.game().save());
        const text = (value) => (value === undefined ? 'undefined' : JSON.stringify(value));
        return { save: current.save(), position: fields.map(([key]) => [key, text(current[key]())]) };
      }, [position, route]);
      assert.equal(shown.save, save, `${game} [${name}]: the game opened`);
      assert.deepEqual(shown.position, position, `${game} [${name}]: its position`);
      assert.equal(await page.locator('.notice[data-notice="corrupt-save"]').count(), 0, `${game} [${name}]: no notice`);
      assert.equal(await page.evaluate((key) => localStorage.getItem(key), `gridplay.${game}.unreadable-save`), null);
      if (timed) {
        // A game not begun has no time yet; any other resumes its 1:05.
        const begun = Number(position.find(([k]) => k === 'moveCount')[1]) > 0;
        // The clock is drawn as the game's page finishes setting up: wait for it, not once.
        if (begun) {
          await page.waitForFunction(() => Number(document.querySelector('#clock').dataset.ms) >= 65_000)
            .catch(() => {});
          // From 1:05 on: at least that, and no more than the time this page has been up
          // beyond it (a clock started afresh would be behind; one counting double, ahead).
          const { ms, up } = await page.evaluate(() => ({ ms: Number(document.querySelector('#clock').dataset.ms), up: performance.now() }));
          assert.ok(ms >= 65_000 && ms <= 65_000 + up, `${game} [${name}]: clock ${ms} ms, the page up ${Math.round(up)} ms`);
        }
      }
      // Kept as a page kept it before the site's records: the first write (an undo, or a move
      // where the game has none) takes it into them, the copy beside. (Not under a panel of the
      // game's own, 2048's win panel, which takes the keys.)
      if (await page.evaluate(() => !document.querySelector('dialog[open]:not(#game-over)'))) {
        for (const key of ['u', 'ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown', 'Enter']) {
          await page.keyboard.press(key);
          await page.evaluate(() => window.gridplay.idle());
          const now = await page.evaluate(() => window.gridplay.game().save());
          if (now === save) continue;
          assert.equal((await recordOf(page, `gridplay.${game}.save`))?.value, now, `${game} [${name}]: kept in the records`);
          assert.equal(await page.evaluate((key) => localStorage.getItem(key), `gridplay.${game}.save`), now);
          taken += 1;
          break;
        }
      }
    }
    assert.ok(taken > 0, `${game}: a kept save was taken into the records`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

// Five tabs of one browser playing one game at once, on every game, the CPU slowed and both
// cores loaded while the tabs race and settle (race.mjs): no kept write rolled back, no move
// lost unsaid, every tab on the kept game. It loads the machine itself, so `make test-e2e` runs
// it alone, after the other files.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { perGame, readGames } from '../../scripts/games.mjs';
import { useBrowser } from './harness.mjs';
import { RACE_KEYS, race } from './race.mjs';

const env = useBrowser();

test('five tabs pressing keys at once on every game, the CPU slowed and the machine loaded: no kept write rolled back, no move lost unsaid, every tab on the kept game', async () => {
  for (const [game] of perGame(RACE_KEYS, readGames(), 'RACE_KEYS')) {
    // Keys for 6 s, and on until the tabs have drawn 10 moves (a loaded machine may take
    // longer) or the game is over: a game of tic-tac-toe is, within nine moves.
    const r = await race(env.browser, env.server.url, game, { tabs: 5, seconds: 6, slowdown: 4, moves: 10 });
    const figures = JSON.stringify(r);
    assert.ok(r.drawn >= (game === 'tictactoe' ? 5 : 10), `${game}: the tabs played: ${figures}`);
    assert.equal(r.rolledBack, 0, `${game}: a kept write rolled back: ${figures}`);
    assert.equal(r.onKept, 5, `${game}: every tab ends on the kept game: ${figures}`);
    // Each move a tab drew is kept by that tab, or taken back there and said (race.mjs counts
    // per tab: a move two tabs drew alike and each kept is in the kept game once, lost in neither).
    assert.equal(r.lost, 0, `${game}: a move drawn as made, neither kept nor taken back and said: ${figures}`);
  }
});

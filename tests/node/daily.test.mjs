// The day's result as the text a player shares (www/js/features/daily.js): the game, the day, what
// the game said of its end, and its moves, said once.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SafeStorage } from '../../www/js/store/storage.js';
import { RESULTS_KEY, keepResult, readResults, resultText, streak } from '../../www/js/features/daily.js';

const link = 'https://example.org/#fifteen/daily=2026-11-25';

test('a shared result names its moves once, whether or not the game\'s words did', () => {
  assert.equal(
    resultText('Fifteen', '2026-11-25', { said: 'Solved in 49 moves and 0:12.', moves: 49 }, link),
    `Gridplay Fifteen, 25 November 2026: Solved in 49 moves and 0:12. ${link}`,
  );
  assert.equal(
    resultText('2048', '2026-11-25', { said: 'Game over. Final score 2436.', moves: 1 }, link),
    `Gridplay 2048, 25 November 2026: Game over. Final score 2436. (1 move) ${link}`,
  );
  // A number that only looks like the count is not it: "149 moves" is not "49 moves" said.
  assert.match(resultText('Fifteen', '2026-11-25', { said: 'Solved in 149 moves and 1:02.', moves: 49 }, link), /\(49 moves\)/);
});

test('a result with help says so when shared, and makes no day of the streak', () => {
  const result = { said: 'Game over. Final score 270728.', moves: 1400, standing: 'assisted', help: '1400 moves by the AI' };
  assert.equal(resultText('2048', '2026-11-25', result, link),
    `Gridplay 2048, 25 November 2026: Game over. Final score 270728. (1400 moves) With help: 1400 moves by the AI. ${link}`);
  const own = { said: 'x', outcome: '', moves: 1, attempt: 'a', save: '', standing: 'own', help: '' };
  const results = { 'threes/2026-11-23': own, 'threes/2026-11-24': own, '2048/2026-11-25': { ...own, standing: 'assisted' } };
  assert.equal(streak(results, '2026-11-25'), 2, 'up to yesterday: today has only a result with help');
  assert.equal(streak({ ...results, 'fifteen/2026-11-25': own }, '2026-11-25'), 3);
});

test('the day\'s first go stays its result; that go ended again keeps its last figures; a result from before standings is the player\'s own', async () => {
  const map = new Map([[RESULTS_KEY, JSON.stringify({ 'threes/2026-11-25': { said: 'old', moves: 3 } })]]);
  const store = new SafeStorage({ backend: () => ({ getItem: (k) => map.get(k) ?? null, setItem: (k, v) => map.set(k, v), removeItem: (k) => map.delete(k) }) });
  assert.equal(readResults(store)['threes/2026-11-25'].standing, 'own');
  const go = (attempt, said) => ({ said, outcome: '', moves: 5, attempt, save: '', standing: 'own', help: '' });
  assert.equal(await keepResult(store, '2048', '2026-11-25', go('a', 'Final score 528.')), true);
  assert.equal(await keepResult(store, '2048', '2026-11-25', go('b', 'Final score 999.')), false, 'a second go is not the result');
  assert.equal(await keepResult(store, '2048', '2026-11-25', go('a', 'Final score 720.')), true, 'the first go, ended again');
  assert.equal(readResults(store)['2048/2026-11-25'].said, 'Final score 720.');
});

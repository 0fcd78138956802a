// The day's result as the text a player shares (www/js/app/daily.js): the game, the day, what
// the game said of its end, and its moves, said once.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resultText } from '../../www/js/app/daily.js';

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

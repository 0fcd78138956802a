// What the kept saves (tests/fixtures/saves/format-N/, recorded by tests/saves.rs and never
// rewritten) say of each position, under the names and in the words the JS API gives them now.
// The API has moved since they were recorded (the game contract): a tic-tac-toe board's marks
// are `marks()` (`cells()` gives them as codes), and a Minesweeper board before its first dig
// is "playing" (its mines not yet placed: `guessFree()` is null). The positions are the same.
// For tests/node/saves.test.mjs and tests/e2e/saves.test.mjs; not a test file itself.

const NOW_CALLED = { tictactoe: { cells: 'marks' } };
const NOW_SAID = { mines: { status: { '"ready"': '"playing"' } } };

/** A fixture's [key, value] fields of `game` ("mines", …) as the API reads them today. */
export function asReadToday(game, fields) {
  return fields.map(([key, value]) => [NOW_CALLED[game]?.[key] ?? key, NOW_SAID[game]?.[key]?.[value] ?? value]);
}

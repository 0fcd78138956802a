// Minesweeper's boards as the page names them: the presets, a board's name in links and in
// storage ("30x16x99"), and its deal in a share link (#mines/30x16x99/seed=N). Whether a board
// can be played at all is the engine's to say (Minefield.boardProblem), so these read a board
// only once the engine has loaded.

import { Minefield } from '../../pkg/minesweeper.js';
import { readParams, readSeed } from '../shared/shell.js';

export const PRESETS = {
  beginner: { width: 9, height: 9, mines: 10, name: 'Beginner' },
  intermediate: { width: 16, height: 16, mines: 40, name: 'Intermediate' },
  expert: { width: 30, height: 16, mines: 99, name: 'Expert' },
};

/** "30x16x99" for a board: the key of its best time and the first part of its share link. */
export const boardName = ({ width, height, mines }) => `${width}x${height}x${mines}`;

/** A game's board: {width, height, mines}. */
export const boardOf = (game) => ({ width: game.width(), height: game.height(), mines: game.mineCount() });

/** A board from its name, if the engine can make that board; null if not. */
export function readBoard(text) {
  const match = /^(\d{1,4})x(\d{1,4})x(\d{1,7})$/.exec(text ?? '');
  if (!match) return null;
  const [width, height, mines] = match.slice(1).map(Number);
  return Minefield.boardProblem(width, height, mines) === undefined ? { width, height, mines } : null;
}

/** The preset a board is, or "custom". */
export const presetOf = (board) => Object.keys(PRESETS).find((name) => boardName(PRESETS[name]) === boardName(board)) ?? 'custom';

/** A Minesweeper deal: the board and the seed, shared as #mines/30x16x99/seed=N. */
export const deals = {
  of: (game) => ({ ...boardOf(game), seed: game.seed() }),
  toLink: (deal) => [boardName(deal), `seed=${deal.seed}`],
  fromLink(params) {
    if (params.length !== 2) return null;
    const board = readBoard(params[0]);
    const seed = readSeed(readParams(params.slice(1))?.seed);
    return board && seed !== null ? { ...board, seed } : null;
  },
};

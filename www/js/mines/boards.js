// Minesweeper's boards as the page names them: the presets, and a board's name in storage
// ("30x16x99"). Whether a board can be played at all is the engine's to say
// (Minefield.boardProblem), so these read a board only once the engine has loaded.

import { Minefield } from '../../pkg/minesweeper.js';

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

// The direction games (Threes, 2048, and Fifteen's swipes): a move is "up", "down", "left" or
// "right", from keys and swipes (DirectionInput); the engine's play(direction) plays it; the
// live region says "Moved up."; a move that changes nothing nudges the board that way. Their
// wirings spread DIRECTION_MOVES into the shell's options, so these three are written once.
// Where the view has squares that are moves too (its cellOf: Fifteen's tiles), a tap on one,
// or Enter or Space on a focused one, plays its cell.

import { DirectionInput } from './keys.js';

/** An illegal move: the board nudges a little toward where it could not go (style.css). */
export function nudge(board, direction) {
  board.classList.remove('nudge');
  delete board.dataset.nudge;
  void board.offsetWidth; // restart the CSS animation
  board.dataset.nudge = direction;
  board.classList.add('nudge');
}

/** The shell options of a direction game: input, moveText, refuse (see shell.js). */
export const DIRECTION_MOVES = {
  input: (shell) => new DirectionInput({
    board: shell.el.board,
    onDirection: (direction) => shell.enqueue(direction),
    onTap: shell.view.cellOf && ((target) => {
      const cell = shell.view.cellOf(target);
      if (cell !== null) shell.enqueue(cell);
    }),
    isBlocked: () => shell.dialogOpen,
  }),
  moveText: (direction) => `Moved ${direction}.`,
  refuse(direction, reason, shell) {
    shell.announce(`Cannot move ${direction}.`);
    if (!shell.view.reducedMotion) nudge(shell.el.board, direction);
  },
};

// The direction games (Threes, 2048, and Fifteen's swipes): keys and swipes (DirectionInput)
// give "up", "down", "left" or "right", which the mid end hands the engine (its toward()). Their wirings spread DIRECTION_MOVES into the shell's options,
// so these are written once. Where the view has squares that take a tap too (its cellOf:
// Fifteen's tiles), a tap on one, or Enter or Space on a focused one, is the square's act.

import { DirectionInput } from './keys.js';

/** The shell options of a direction game: its input (see shell.js). */
export const DIRECTION_MOVES = {
  input: (port) => new DirectionInput({
    board: port.board,
    onDirection: (direction) => port.enqueue({ toward: direction }),
    onTap: port.squareOf ? (target) => {
      const cell = port.squareOf(target);
      // The square's usual act (a tap): Fifteen's slide.
      if (cell !== null) port.enqueue({ act: port.tapAct, cell });
    } : null,
    isBlocked: port.blocked,
  }),
};

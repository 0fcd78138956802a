// Minesweeper's input map: a mouse's left click digs (on an open number whose flags are all
// placed, the engine's dig is a chord) and its right click flags; on touch a tap digs and a long
// press flags (the presses themselves: shared/cell-press.js). Flag mode (`flagMode()`) swaps
// what a tap and a long press do; F switches it (`switchMode`). Keys are the shared cell
// cursor's (shared/cursor.js): Enter digs (or chords), Space flags.
//
// Moves, as the engine's play() takes them: {x, y, act: "dig" | "flag"}.

import { cellPresses } from '../shared/cell-press.js';
import { CellCursor } from '../shared/cursor.js';

/** Wires the board's pointers and keys to `shell.enqueue`; returns what to destroy(). */
export function minesInput(shell, { view, scroller, flagMode, switchMode }) {
  /** Plays `act` on the square `cell` (its index in reading order). */
  const play = (act, cell) => shell.enqueue({ x: cell % view.width, y: Math.floor(cell / view.width), act });
  const presses = cellPresses({
    board: shell.el.board,
    scroller,
    view,
    isBlocked: () => shell.dialogOpen,
    tap(cell) {
      view.setCursor(cell, { focus: false });
      play(flagMode() ? 'flag' : 'dig', cell);
    },
    longPress: (cell) => play(flagMode() ? 'dig' : 'flag', cell),
    rightClick: (cell) => play('flag', cell),
  });
  const cursor = new CellCursor({
    shell,
    where: () => ({ cell: view.cursor, columns: view.width, rows: view.height }),
    moveTo: (cell) => view.setCursor(cell),
    act: (key, cell) => play(key === ' ' ? 'flag' : 'dig', cell),
    letters: { f: switchMode },
  });
  return {
    destroy() {
      presses.destroy();
      cursor.destroy();
    },
  };
}

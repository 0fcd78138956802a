// Minesweeper's input, as players expect it: a mouse's left click digs (on an open number whose
// flags are all placed it opens the squares around: a chord) and its right click flags; on
// touch a tap digs and a long press (LONG_PRESS_MS, a ring fills meanwhile) flags, and a finger
// that moves is a scroll, never a move, so a board larger than the screen pans under the finger.
// Flag mode (`flagMode()`) swaps what a tap and a long press do; F switches it (`switchMode`).
// Keys are the shared cell cursor's (shared/cursor.js): Enter digs (or chords), Space flags.
//
// Moves, as the engine's play() takes them: {x, y, act: "dig" | "flag"} (a dig on an open
// number is the engine's chord).

import { CellCursor } from '../shared/cursor.js';

/** How long a press must last to flag. A finger that travels further than SLOP_PX scrolls a
 * board bigger than its frame; on a board that cannot scroll, a finger that drifts as far as
 * STILL_PX is still pressing (a held finger wanders by some pixels). */
export const LONG_PRESS_MS = 400;
const SLOP_PX = 10;
const STILL_PX = 24;

/** Wires the board's pointers and keys to `shell.enqueue`; returns what to destroy(). */
export function minesInput(shell, { view, scroller, flagMode, switchMode }) {
  const board = shell.el.board;
  /** The press under way: {id, cell, x, y, timer, fired, mouse}. */
  let press = null;
  /** Ends the press; `broken`: a finger's press let go early by moving or scrolling, which the
   * square shows (its ring falls away) so the player knows why nothing happened. */
  const endPress = (broken = false) => {
    if (!press) return;
    clearTimeout(press.timer);
    view.pressing(null);
    if (broken && !press.fired && !press.mouse) view.pressBroken(press.cell);
    press = null;
  };
  const breakPress = () => endPress(true);
  const scrolls = () => scroller.scrollWidth > scroller.clientWidth || scroller.scrollHeight > scroller.clientHeight;
  const tapKind = () => (flagMode() ? 'flag' : 'dig');
  const longKind = () => (flagMode() ? 'dig' : 'flag');
  /** Plays `act` on the square `cell` (its index in reading order). */
  const play = (act, cell) => shell.enqueue({ x: cell % view.width, y: Math.floor(cell / view.width), act });

  const onPointerDown = (event) => {
    if (!event.isPrimary) {
      endPress(); // a second finger: a pinch, not a press
      return;
    }
    const cell = view.cellOf(event.target);
    if (cell === null || shell.dialogOpen) return;
    if (event.pointerType === 'mouse') {
      // Right button flags at once; the left one digs when released on the same square.
      if (event.button === 2) play('flag', cell);
      else if (event.button === 0) press = { id: event.pointerId, cell, mouse: true };
      return;
    }
    press = { id: event.pointerId, cell, x: event.clientX, y: event.clientY, fired: false };
    view.pressing(cell);
    press.timer = setTimeout(() => {
      press.fired = true;
      view.pressing(null);
      play(longKind(), cell);
    }, LONG_PRESS_MS);
  };
  const onPointerMove = (event) => {
    if (!press || press.mouse || event.pointerId !== press.id) return;
    if (Math.hypot(event.clientX - press.x, event.clientY - press.y) > (scrolls() ? SLOP_PX : STILL_PX)) breakPress();
  };
  const onPointerUp = (event) => {
    if (!press || event.pointerId !== press.id) return;
    const { cell, fired, mouse } = press;
    endPress();
    if (fired) return;
    if (mouse && view.cellOf(event.target) !== cell) return;
    view.setCursor(cell, { focus: false });
    play(tapKind(), cell);
  };
  const onPointerCancel = (event) => {
    if (press && event.pointerId === press.id) breakPress();
  };
  // The browser's own long-press and right-click menus have nothing to offer on the board.
  const onContextMenu = (event) => event.preventDefault();

  const cursor = new CellCursor({
    shell,
    where: () => ({ cell: view.cursor, columns: view.width, rows: view.height }),
    moveTo: (cell) => view.setCursor(cell),
    act: (key, cell) => play(key === ' ' ? 'flag' : 'dig', cell),
    letters: { f: switchMode },
  });
  const listeners = [
    ['pointerdown', onPointerDown], ['pointermove', onPointerMove], ['pointerup', onPointerUp],
    ['pointercancel', onPointerCancel], ['contextmenu', onContextMenu],
  ];
  for (const [type, listener] of listeners) board.addEventListener(type, listener);
  scroller.addEventListener('scroll', breakPress, { passive: true });
  return {
    destroy() {
      endPress();
      cursor.destroy();
      for (const [type, listener] of listeners) board.removeEventListener(type, listener);
      scroller.removeEventListener('scroll', breakPress);
    },
  };
}

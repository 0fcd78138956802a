// Presses on a board of squares, as players expect them: a mouse's left button acts when
// released on the square it went down on, its right button at once; a finger's tap acts, and a
// press held LONG_PRESS_MS acts otherwise (a ring fills meanwhile: the view's `pressing`), while
// a finger that moves is a scroll, never a move, so a board larger than the screen pans under
// the finger. What each press does is the game's (squares.js's input() hands it to the game's
// act: Minesweeper's dig and flag are in mines/mount.js).

/** How long a press must last to count as a long one. A finger that travels further than
 * SLOP_PX scrolls a board bigger than its frame; on a board that cannot scroll, a finger that
 * drifts as far as STILL_PX is still pressing (a held finger wanders by some pixels). */
export const LONG_PRESS_MS = 400;
const SLOP_PX = 10;
const STILL_PX = 24;

/**
 * Wires `board`'s pointers; returns what to destroy().
 * @param {object} options
 * @param {HTMLElement} options.board  the squares' container
 * @param {HTMLElement} options.scroller  the frame the board scrolls in
 * @param {object} options.view  cellOf(element) → a square or null; pressing(cell | null), the
 *   ring of a long press under way; pressBroken(cell), a finger's press let go early
 * @param {() => boolean} options.isBlocked  true while the board takes no input (a dialog)
 * @param {(cell: number) => void} options.tap  a tap, or a left click
 * @param {(cell: number) => void} options.longPress  a finger held still
 * @param {(cell: number) => void} options.rightClick  a mouse's right button
 */
export function cellPresses({ board, scroller, view, isBlocked, tap, longPress, rightClick }) {
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

  const onPointerDown = (event) => {
    if (!event.isPrimary) {
      endPress(); // a second finger: a pinch, not a press
      return;
    }
    const cell = view.cellOf(event.target);
    if (cell === null || isBlocked()) return;
    if (event.pointerType === 'mouse') {
      // Right button at once; the left one when released on the same square.
      if (event.button === 2) rightClick(cell);
      else if (event.button === 0) press = { id: event.pointerId, cell, mouse: true };
      return;
    }
    press = { id: event.pointerId, cell, x: event.clientX, y: event.clientY, fired: false };
    view.pressing(cell);
    press.timer = setTimeout(() => {
      press.fired = true;
      view.pressing(null);
      longPress(cell);
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
    tap(cell);
  };
  const onPointerCancel = (event) => {
    if (press && event.pointerId === press.id) breakPress();
  };
  // The browser's own long-press and right-click menus have nothing to offer on the board.
  const onContextMenu = (event) => event.preventDefault();

  const listeners = [
    ['pointerdown', onPointerDown], ['pointermove', onPointerMove], ['pointerup', onPointerUp],
    ['pointercancel', onPointerCancel], ['contextmenu', onContextMenu],
  ];
  for (const [type, listener] of listeners) board.addEventListener(type, listener);
  scroller.addEventListener('scroll', breakPress, { passive: true });
  return {
    destroy() {
      endPress();
      for (const [type, listener] of listeners) board.removeEventListener(type, listener);
      scroller.removeEventListener('scroll', breakPress);
    },
  };
}

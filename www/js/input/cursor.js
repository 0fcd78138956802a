// The cell cursor of the games played on squares (Minesweeper, tic-tac-toe), written once so
// every such game answers the same keys: the arrows, WASD and vi's HJKL (the direction games'
// keys, keys.js) move the cursor one square, never off the board; the jump keys take it to a
// row's or a column's end, or the board's (a grid's keys in ARIA's pattern, so a blind player
// crosses Expert's 30 columns in one key); Enter and Space act on its square, each game saying
// what they do (dig and flag, or mark). Enter and Space are taken only on the board or the bare
// page: a focused button elsewhere keeps its own.

import { keyDirection, notTheGames, onKey } from './keys.js';

const STEPS = { up: [0, -1], down: [0, 1], left: [-1, 0], right: [1, 0] };

/** The square one step `direction` from `cell` on a board `columns` wide and `rows` high; the
 * same square at an edge. */
export function cursorStep(cell, direction, columns, rows) {
  const [dx, dy] = STEPS[direction];
  const x = Math.min(columns - 1, Math.max(0, (cell % columns) + dx));
  const y = Math.min(rows - 1, Math.max(0, Math.floor(cell / columns) + dy));
  return y * columns + x;
}

/** The square a jump key takes the cursor to from `cell` on a board `columns` wide and `rows`
 * high: Home and End the first and last of its row, Page Up and Page Down the top and bottom of
 * its column, Ctrl+Home and Ctrl+End the board's first and last; null for any other key. */
export function cursorJump(cell, key, ctrl, columns, rows) {
  const x = cell % columns;
  const y = Math.floor(cell / columns);
  if (key === 'Home') return ctrl ? 0 : y * columns;
  if (key === 'End') return ctrl ? columns * rows - 1 : y * columns + columns - 1;
  if (ctrl) return null;
  if (key === 'PageUp') return x;
  if (key === 'PageDown') return (rows - 1) * columns + x;
  return null;
}

export class CellCursor {
  /**
   * @param {object} options
   * @param {object} options.port  the game's input port (shell.js): its `board`, and `blocked()`
   *        and `game()`, input being ignored while a dialog is open or before a game is shown
   * @param {() => {cell: number, columns: number, rows: number}} options.where  the cursor now
   * @param {(cell: number) => void} options.moveTo  draws the cursor on `cell` and focuses it
   * @param {(key: 'Enter' | ' ', cell: number) => void} options.act  what Enter and Space do there
   * @param {Record<string, () => void>} [options.letters]  the game's own letter keys (not one
   *        of the cursor's), e.g. Minesweeper's F for its mode
   * @param {boolean} [options.cellsClick]  the squares are buttons whose click plays (tic-tac-toe):
   *        Enter or Space on a focused one is its own click, not the cursor's too
   */
  constructor({ port, where, moveTo, act, letters = {}, cellsClick = false }) {
    const { board } = port;
    this._onKey = (event) => {
      if (event.defaultPrevented || event.isComposing || event.altKey || event.metaKey) return;
      if (notTheGames(event) || port.blocked() || !port.game()) return;
      const { cell: from, columns: across, rows: down } = where();
      const jump = cursorJump(from, event.key, event.ctrlKey, across, down);
      if (jump !== null) {
        event.preventDefault();
        moveTo(jump);
        return;
      }
      if (event.ctrlKey) return;
      const direction = keyDirection(event.key);
      if (direction) {
        event.preventDefault();
        const { cell, columns, rows } = where();
        moveTo(cursorStep(cell, direction, columns, rows));
        return;
      }
      const letter = event.key.length === 1 ? event.key.toLowerCase() : '';
      if (Object.hasOwn(letters, letter)) {
        if (!event.repeat) letters[letter]();
        return;
      }
      const onBoard = event.target === board.ownerDocument.body || event.target === board
        || (!cellsClick && board.contains(event.target));
      if ((event.key === 'Enter' || event.key === ' ') && onBoard) {
        event.preventDefault();
        if (!event.repeat) act(event.key, where().cell);
      }
    };
    this._offKeys = onKey(board.ownerDocument, 'game', this._onKey);
  }

  destroy() {
    this._offKeys();
  }
}

/**
 * The input of a game whose squares are buttons that take one act, the engine's usual one
 * (tic-tac-toe's mark): a click on a square (a tap, or Enter or Space on a focused one) and the
 * cell cursor's keys make that act on it. `view` says which square an element is (`cellOf`),
 * keeps the cursor's square (`active`) and shows it (`setActive(cell, {focus})`); `port` is the
 * game's input port (shell.js). Returns what the shell destroys when the route closes.
 */
export function squareButtons(port, view) {
  const act = port.tapAct;
  const { board } = port;
  const onClick = (event) => {
    const cell = view.cellOf(event.target);
    if (cell === null) return;
    view.setActive(cell, { focus: false });
    port.enqueue({ act, cell });
  };
  board.addEventListener('click', onClick);
  const cursor = new CellCursor({
    port,
    where: () => {
      const game = port.game();
      return { cell: view.active, columns: game.width(), rows: game.height() };
    },
    moveTo: (cell) => view.setActive(cell),
    act: (key, cell) => port.enqueue({ act, cell }),
    cellsClick: true,
  });
  return {
    destroy() {
      board.removeEventListener('click', onClick);
      cursor.destroy();
    },
  };
}

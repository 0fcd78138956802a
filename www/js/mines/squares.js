// A board played on its squares (Minesweeper, tic-tac-toe), written once: a button per square
// in reading order, the cursor (the arrow keys' square) as the board's one tab stop (a roving
// tabindex), the states a press shows, and the input every such game answers the same way.
// A board bigger than its frame scrolls there, and the frame's edges fade where there is more
// board to see (the `more-*` classes), so a player knows it goes on.
//
// Input: a tap (or a left click), a long press and a right click on a square (cell-press.js),
// a click that no pointer made (assistive technology's: a tap), and the cell cursor's keys
// (cursor.js) on the square that has the focus: what each does is the game's `act(how, cell)`,
// `how` being 'tap', 'long', 'right', 'Enter' or ' '.

import { cellPresses } from './cell-press.js';
import { CellCursor } from '../input/cursor.js';

export class Squares {
  /**
   * @param {HTMLElement} board  the squares' container
   * @param {string} className  each square's button's class
   * @param {HTMLElement | null} [scroller]  the frame the board scrolls in, if it may be bigger
   */
  constructor(board, className, scroller = null) {
    Object.assign(this, { board, className, scroller });
    this.width = 0;
    this.height = 0;
    /** The squares' buttons, in reading order. @type {HTMLButtonElement[]} */
    this.buttons = [];
    this.cursor = 0;
    if (scroller) {
      scroller.addEventListener('scroll', () => this.syncEdges(), { passive: true });
      // The frame resized, or the board in it (another board's size): the browser calls this
      // once it has laid them out, so reading their sizes here costs no layout of its own (read
      // as the board is built, they cost a first load a whole layout of the page before it is
      // drawn). Observing starts with a call, so a first board's edges are marked too.
      this._resized = new ResizeObserver(() => this.syncEdges());
      this._resized.observe(scroller);
      this._resized.observe(board);
    }
  }

  /** A board of `width`×`height` buttons, if it is not that already; true iff it was built. */
  build(width, height) {
    if (this.width === width && this.height === height) return false;
    this.width = width;
    this.height = height;
    this.buttons = [];
    for (let cell = 0; cell < width * height; cell += 1) {
      const button = Object.assign(document.createElement('button'), { type: 'button', className: this.className, tabIndex: -1 });
      button.dataset.cell = String(cell);
      // The numbers of the columns and rows, along the top and left edges, which a replay
      // shows (replay.css) for its notes' "row 15, column 13".
      // (Names of their own: a tile's data-row places it, in the other games' boards.)
      if (cell < width) button.dataset.edgeColumn = String(cell + 1);
      if (cell % width === 0) button.dataset.edgeRow = String(cell / width + 1);
      this.buttons.push(button);
    }
    this.setCursor(Math.min(this.cursor, width * height - 1), { focus: false });
    return true;
  }

  /** Moves the cursor to `cell`: the board's tab stop, focused (and scrolled to) if asked. */
  setCursor(cell, { focus = true } = {}) {
    const old = this.buttons[this.cursor];
    if (old) old.tabIndex = -1;
    this.cursor = cell;
    const button = this.buttons[cell];
    if (!button) return;
    button.tabIndex = 0;
    if (focus) {
      button.focus({ preventScroll: true });
      button.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    }
  }

  /** The cell a square's button is, or null for anything else. */
  cellOf(element) {
    const button = element?.closest?.(`.${this.className}`);
    return button && this.board.contains(button) ? Number(button.dataset.cell) : null;
  }

  /** Plays a CSS animation on `cell`'s button again from its start (`name`: its class). */
  flash(cell, name) {
    const button = this.buttons[cell];
    if (!button) return;
    button.classList.remove(name);
    void button.offsetWidth; // restarts the animation if it just ran
    button.classList.add(name);
    button.addEventListener('animationend', () => button.classList.remove(name), { once: true });
  }

  /** A press on `cell` let go early (the finger moved): its ring falls away, briefly. */
  pressBroken(cell) {
    this.flash(cell, 'press-broken');
  }

  /** A long press under way on `cell` (its ring fills), or none (null). */
  pressing(cell) {
    for (const button of this.board.querySelectorAll('.pressing')) button.classList.remove('pressing');
    if (cell !== null) this.buttons[cell]?.classList.add('pressing');
  }

  /** Marks each edge of the frame past which there is more board. */
  syncEdges() {
    const s = this.scroller;
    const { scrollLeft: left, scrollTop: top, clientWidth: w, clientHeight: h, scrollWidth, scrollHeight } = s;
    s.classList.toggle('more-left', left > 1);
    s.classList.toggle('more-right', left + w < scrollWidth - 1);
    s.classList.toggle('more-up', top > 1);
    s.classList.toggle('more-down', top + h < scrollHeight - 1);
  }

  destroy() {
    this._resized?.disconnect();
  }

  /**
   * Wires the board's presses and the cursor's keys to `act(how, cell)`; a tap moves the
   * cursor to its square too. `port`: the game's input port (shell.js); `letters`: the game's
   * own letter keys (Minesweeper's F). Returns what to destroy().
   */
  input(port, act, letters = {}) {
    const presses = cellPresses({
      board: this.board,
      scroller: this.scroller ?? this.board,
      view: this,
      isBlocked: port.blocked,
      tap: (cell) => {
        this.setCursor(cell, { focus: false });
        act('tap', cell);
      },
      longPress: (cell) => act('long', cell),
      rightClick: (cell) => act('right', cell),
    });
    const cursor = new CellCursor({
      port,
      where: () => ({ cell: this.cursor, columns: this.width, rows: this.height }),
      moveTo: (cell) => this.setCursor(cell),
      act: (key, cell) => act(key, cell),
      letters,
    });
    // A square focused any way (Tab, a screen reader's cursor, element.focus()) is the cursor's
    // square: Enter and Space act on the square that has the focus, never on another.
    const onFocus = (event) => {
      const cell = this.cellOf(event.target);
      if (cell !== null && cell !== this.cursor) this.setCursor(cell, { focus: false });
    };
    // A click with no pointer or key behind it (detail 0: a screen reader's browse mode, voice
    // control, switch access) is Enter on the square: it digs in either mode, as the keys line
    // says Enter does (Flag mode swaps what a finger's tap and long press do, and no finger is
    // there). A pointer's presses are cell-press.js's and the keys the cursor's, which cancel
    // the click a key would make.
    const onClick = (event) => {
      if (event.detail !== 0 || port.blocked()) return;
      const cell = this.cellOf(event.target);
      if (cell === null) return;
      this.setCursor(cell, { focus: false });
      act('Enter', cell);
    };
    this.board.addEventListener('focusin', onFocus);
    this.board.addEventListener('click', onClick);
    const board = this.board;
    return {
      destroy() {
        presses.destroy();
        cursor.destroy();
        board.removeEventListener('focusin', onFocus);
        board.removeEventListener('click', onClick);
      },
    };
  }
}

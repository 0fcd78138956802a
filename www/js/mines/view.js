// Minesweeper's board: one button per square in a grid of the board's width, drawn from the
// engine's cell codes (what each means comes from the engine too, Minefield.cellCodes(): open
// squares with their number, hidden, flag, mine, the mine that went off, a wrong flag) and
// redrawn only where a code changed, so a 50×50 board stays quick. The squares themselves, their
// cursor, a long press's ring and the frame the board scrolls in are mines/squares.js's.
//
// The view draws; mines/mount.js wires input, the mode, the clock and the board sizes.

import { prefersReducedMotion } from '../kits/board-view.js';
import { formatTime } from '../midend/clock.js';
import { Squares } from './squares.js';
import { placeName, pointAt, svg } from '../ui/ui.js';

const byId = (id) => document.getElementById(id);

/** The engine's cell codes (Minefield.cellCodes()), read as the page needs them. */
export class CellCodes {
  constructor(codes) {
    Object.assign(this, codes);
  }

  /** An open square: it shows how many mines are around it (0: none). */
  isOpen(code) {
    return code >= 0 && code <= this.mostAround;
  }

  /** An open square with a number on it. */
  isNumber(code) {
    return code > 0 && this.isOpen(code);
  }
}

const icon = (name) => svg('svg', { class: `mines-icon icon-${name}`, 'aria-hidden': 'true' }, svg('use', { href: `#icon-${name}` }));

export class MinesView {
  /**
   * @param {object} options
   * @param {(game: object) => string[][]} options.facts  the game-over panel's own [term, value]
   *        rows (the shell's ending.js adds the best)
   */
  constructor({ codes, board = byId('board'), minesLeft = byId('mines-left'), facts = () => [] }) {
    /** What the engine's codes mean. @type {CellCodes} */
    this.meaning = codes;
    this.board = board;
    this.minesLeftEl = minesLeft;
    this.facts = facts;
    /** The squares' buttons, the cursor and the frame the board scrolls in (mines/squares.js). */
    this.squares = new Squares(board, 'mines-cell', board.closest('.mines-scroll'));
    /** The code each button shows (-1: not drawn yet). */
    this.codes = [];
  }

  destroy() {
    this.squares.destroy();
  }

  get reducedMotion() {
    return prefersReducedMotion();
  }

  /** A board of `width`×`height` buttons, if it is not that already. */
  _build(width, height) {
    if (!this.squares.build(width, height)) return;
    // On the board's frame (.mines-play), whose height follows the board's, and so on the board.
    const frame = this.board.closest('.mines-play') ?? this.board;
    frame.style.setProperty('--w', String(width));
    frame.style.setProperty('--h', String(height));
    this.board.setAttribute('aria-label', `Minefield, ${width} by ${height}`);
    this.codes = this.squares.buttons.map(() => -1);
    this.board.replaceChildren(...this.squares.buttons);
  }

  /** A replay's next move, `{x, y, act}`, ringed on its square (features/replay.js). */
  showMove(move, { marked }) {
    pointAt(this.board, move && this.squares.buttons[move.y * this.squares.width + move.x], marked);
  }

  /** The hint's square, `{x, y, act}` (the engine's plan), ringed until the position
   * changes; null takes the ring off (the shared helpers, helpers/controls.js). */
  showHint(move) {
    for (const button of this.board.querySelectorAll('.hint')) button.classList.remove('hint');
    const cell = move && move.y * this.squares.width + move.x;
    const button = move && this.squares.buttons[cell];
    if (!button) return;
    button.classList.add('hint');
    // The cell cursor goes there too (focused if the board has the focus): Enter digs it, as
    // the terminal's hint puts its cursor on the square.
    this.squares.setCursor(cell, { focus: this.board.contains(document.activeElement) });
    button.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }

  /** The hint in words: "dig row 3, column 4", or the flag to take off a safe square. */
  hintText(move) {
    const place = this.placeName(move.y * this.squares.width + move.x);
    return move.act === 'flag' ? `take the flag off ${place}: it is safe` : `dig ${place}: it is safe`;
  }

  /** Row and column words of `cell` ("row 3, column 4"). */
  placeName(cell) {
    return placeName(cell, this.squares.width);
  }

  draw(game) {
    this._build(game.width(), game.height());
    const codes = game.cells();
    const words = game.squareWords();
    codes.forEach((code, cell) => {
      if (this.codes[cell] === code) return;
      this.codes[cell] = code;
      const button = this.squares.buttons[cell];
      button.dataset.code = String(code);
      button.replaceChildren(...this._face(code));
      // What it shows in the engine's words, after its place (the same words asking the board
      // says): "Row 2, column 3: hidden", as tic-tac-toe's squares are named.
      const place = this.placeName(cell);
      button.setAttribute('aria-label', `${place[0].toUpperCase()}${place.slice(1)}: ${words[cell]}`);
    });
    const left = game.readouts().minesLeft;
    this.minesLeftEl.textContent = String(left);
    this.minesLeftEl.dataset.value = String(left);
  }

  _face(code) {
    const codes = this.meaning;
    if (codes.isNumber(code)) return [String(code)];
    if (code === codes.flag || code === codes.wrongFlag) return [icon('flag')];
    if (code === codes.mine || code === codes.exploded) return [icon('mine')];
    return [];
  }

  animate(game) {
    this.draw(game);
    return Promise.resolve();
  }

  /** True iff every square shows the game's code. */
  shows(game) {
    return game.width() === this.squares.width && game.cells().every((code, cell) => this.codes[cell] === code);
  }

  status(game) {
    // Before the first dig, no mine is placed yet.
    const { dug, mines, minesLeft: left } = game.readouts();
    if (!dug) return `${mines} ${mines === 1 ? 'mine' : 'mines'}. Dig any square: the first is always safe.`;
    return `${left} ${Math.abs(left) === 1 ? 'mine' : 'mines'} left.`;
  }

  /** What short announcements say of a dig or a flag: the engine's words (what it opened, or
   * where the flag is), which the mines left would not say. */
  brief(said) {
    return said;
  }

  /** The words of the game's end (the shell's ending.js). */
  ended(game, { ms }) {
    const won = game.status() === 'won';
    const time = formatTime(ms);
    return { title: won ? 'Cleared!' : 'Boom!', result: time, said: won ? `${game.ending()} Time ${time}.` : game.ending() };
  }
}

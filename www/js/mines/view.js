// Minesweeper's board: one button per square in a grid of the board's width, drawn from the
// engine's cell codes (what each means comes from the engine too, Minefield.cellCodes(): open
// squares with their number, hidden, flag, mine, the mine that went off, a wrong flag) and
// redrawn only where a code changed, so a 50×50 board stays quick. The cursor
// (the arrow keys' square) is the board's one tab stop (a roving tabindex). A long press in
// progress shows as a ring filling on its square.
//
// The view draws; mines/mount.js wires input, the mode, the clock and the board sizes.

import { prefersReducedMotion } from '../shared/board-view.js';
import { formatTime } from '../shared/clock.js';
import { placeName, renderFacts } from '../shared/ui.js';

const byId = (id) => document.getElementById(id);
const SVG = 'http://www.w3.org/2000/svg';

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

  /** What a square shows, in words (its button's name after its place). */
  describe(code) {
    if (code === 0) return 'empty';
    if (this.isOpen(code)) return `${code} ${code === 1 ? 'mine' : 'mines'} around`;
    return {
      [this.hidden]: 'hidden', [this.flag]: 'flagged', [this.mine]: 'mine', [this.exploded]: 'mine, went off', [this.wrongFlag]: 'flag, no mine here',
    }[code];
  }
}

function icon(name) {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('class', `mines-icon icon-${name}`);
  svg.setAttribute('aria-hidden', 'true');
  const use = document.createElementNS(SVG, 'use');
  use.setAttribute('href', `#icon-${name}`);
  svg.append(use);
  return svg;
}

export class MinesView {
  /**
   * @param {object} options
   * @param {(game: object) => string[][]} options.facts  the game-over panel's [term, value] rows
   */
  constructor({ codes, board = byId('board'), minesLeft = byId('mines-left'), facts = () => [] }) {
    /** What the engine's codes mean. @type {CellCodes} */
    this.meaning = codes;
    this.board = board;
    this.minesLeftEl = minesLeft;
    this.facts = facts;
    this.width = 0;
    this.height = 0;
    this.buttons = [];
    /** The code each button shows (-1: not drawn yet). */
    this.codes = [];
    this.cursor = 0;
    // A board bigger than its frame scrolls there; the frame's edges fade where there is more
    // board to see (mines.css), so a player knows it goes on.
    this.scroller = board?.closest('.mines-scroll') ?? null;
    if (this.scroller) {
      this.scroller.addEventListener('scroll', () => this.syncEdges(), { passive: true });
      // The frame resized, or the board in it (another board's size): the browser calls this
      // once it has laid them out, so reading their sizes here costs no layout of its own (read
      // as the board is built, they cost a first load a whole layout of the page before it is
      // drawn). Observing starts with a call, so a first board's edges are marked too.
      this._resized = new ResizeObserver(() => this.syncEdges());
      this._resized.observe(this.scroller);
      if (board) this._resized.observe(board);
    }
  }

  /** Marks each edge of the frame past which there is more board. */
  syncEdges() {
    const s = this.scroller;
    if (!s) return;
    const { scrollLeft: left, scrollTop: top, clientWidth: w, clientHeight: h, scrollWidth, scrollHeight } = s;
    s.classList.toggle('more-left', left > 1);
    s.classList.toggle('more-right', left + w < scrollWidth - 1);
    s.classList.toggle('more-up', top > 1);
    s.classList.toggle('more-down', top + h < scrollHeight - 1);
  }

  destroy() {
    this._resized?.disconnect();
  }

  get reducedMotion() {
    return prefersReducedMotion();
  }

  /** A board of `width`×`height` buttons, if it is not that already. */
  _build(width, height) {
    if (this.width === width && this.height === height) return;
    this.width = width;
    this.height = height;
    // On the board's frame (.mines-play), whose height follows the board's, and so on the board.
    const frame = this.board.closest('.mines-play') ?? this.board;
    frame.style.setProperty('--w', String(width));
    frame.style.setProperty('--h', String(height));
    this.board.setAttribute('aria-label', `Minefield, ${width} by ${height}`);
    this.buttons = [];
    this.codes = [];
    for (let cell = 0; cell < width * height; cell += 1) {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'mines-cell';
      button.dataset.cell = String(cell);
      button.tabIndex = -1;
      this.buttons.push(button);
      this.codes.push(-1);
    }
    this.board.replaceChildren(...this.buttons);
    this.cursor = Math.min(this.cursor, width * height - 1);
    this.setCursor(this.cursor, { focus: false });
  }

  /** Row and column words of `cell` ("row 3, column 4"). */
  placeName(cell) {
    return placeName(cell, this.width);
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

  draw(game) {
    this._build(game.width(), game.height());
    const codes = game.cells();
    codes.forEach((code, cell) => {
      if (this.codes[cell] === code) return;
      this.codes[cell] = code;
      const button = this.buttons[cell];
      button.dataset.code = String(code);
      button.replaceChildren(...this._face(code));
      button.setAttribute('aria-label', `${this.placeName(cell)}: ${this.meaning.describe(code)}`);
    });
    const left = game.minesLeft();
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
    return game.width() === this.width && game.cells().every((code, cell) => this.codes[cell] === code);
  }

  /** The cell a square's button is, or null for anything else. */
  cellOf(element) {
    const button = element?.closest?.('.mines-cell');
    return button && this.board.contains(button) ? Number(button.dataset.cell) : null;
  }

  /** A press on `cell` let go early (the finger moved): its ring falls away, briefly. */
  pressBroken(cell) {
    const button = this.buttons[cell];
    if (!button) return;
    button.classList.remove('press-broken');
    // Restarts the animation if the same square was just broken.
    void button.offsetWidth;
    button.classList.add('press-broken');
    button.addEventListener('animationend', () => button.classList.remove('press-broken'), { once: true });
  }

  /** A long press under way on `cell` (its ring fills), or none (null). */
  pressing(cell) {
    for (const button of this.board.querySelectorAll('.pressing')) button.classList.remove('pressing');
    if (cell !== null) this.buttons[cell]?.classList.add('pressing');
  }

  status(game) {
    const state = game.status();
    if (state === 'won') return 'Cleared: every safe square is open.';
    if (state === 'lost') return 'A mine went off. Every mine is shown now.';
    // Before the first dig, no mine is placed yet.
    if (game.guessFree() === null) return `${game.mineCount()} mines. Dig any square: the first is always safe.`;
    const left = game.minesLeft();
    return `${left} ${Math.abs(left) === 1 ? 'mine' : 'mines'} left.`;
  }

  /** What the live region says of a move ({x, y, act}) just made; `before`: the codes before it. */
  moveText(move, before, game) {
    const cell = move.y * game.width() + move.x;
    const place = this.placeName(cell);
    if (move.act === 'flag') return before[cell] === this.meaning.flag ? `Flag taken off ${place}.` : `Flag on ${place}.`;
    const after = game.cells();
    const opened = after.filter((c, i) => this.meaning.isOpen(c) && !this.meaning.isOpen(before[i])).length;
    if (game.status() === 'lost') return `Boom: a mine at ${place}.`;
    if (this.meaning.isNumber(before[cell])) return `Opened ${opened} around ${place}.`;
    return opened === 1 ? `${place[0].toUpperCase()}${place.slice(1)}: ${after[cell] || 'no mines around'}.` : `Opened ${opened} squares.`;
  }

  /** What the live region says of a dig the rules refuse. */
  refusal(move, game) {
    const code = game.cells()[move.y * game.width() + move.x];
    if (move.act !== 'dig') return '';
    if (code === this.meaning.flag) return 'That square is flagged: flag it again to take the flag off first.';
    if (this.meaning.isNumber(code)) return `The flags around it do not make ${code} yet.`;
    return '';
  }

  /** The words of the game's end (the shell's ending.js). */
  ended(game, { ms }) {
    const won = game.status() === 'won';
    const time = formatTime(ms);
    return { title: won ? 'Cleared!' : 'Boom!', result: time, said: won ? `Cleared in ${time}.` : 'A mine went off. Every mine and every wrong flag is shown.' };
  }

  /** The panel's details: the facts the wiring gives, as terms and values. */
  renderScoreSheet(container, game) {
    renderFacts(container, this.facts(game));
  }
}

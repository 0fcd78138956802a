// Tic-tac-toe's board: a button per square (the engine's width × height), each drawing its mark (X, O or nothing) as
// a stroke that draws itself in, and a line over the three that won. The active cell (the
// keyboard's cursor, moved by the arrow keys) is the one button in the tab order (a roving
// tabindex), so Tab reaches the board once and Enter or Space marks the cell the keys chose.
//
// The view draws; tictactoe/mount.js wires input, the opponent and the tally.

import { prefersReducedMotion } from '../kits/board-view.js';
import { placeName, pointAt, svg } from '../ui/ui.js';

const byId = (id) => document.getElementById(id);

/** A mark as lines of a 100×100 box: X two strokes, O a ring (pathLength 1 for drawing in). */
function markSvg(mark) {
  const shapes = mark === 'X'
    ? [['path', { d: 'M27 27 L73 73' }], ['path', { d: 'M73 27 L27 73', class: 'second' }]]
    : [['circle', { cx: 50, cy: 50, r: 25 }]];
  return svg('svg', { viewBox: '0 0 100 100', class: `ttt-mark ttt-${mark.toLowerCase()}`, 'aria-hidden': 'true' },
    ...shapes.map(([name, attributes]) => svg(name, { ...attributes, pathLength: 1 })));
}

export class TicTacToeView {
  /**
   * @param {object} options
   * @param {string[]} options.sides  the engine's sides, in turn order (`["X", "O"]`)
   * @param {() => string | null} options.computerMark  the computer's mark, or null between two
   *        players: the line above the board says whose turn it is, or how the game ended,
   *        or how the game ended, in the words of the chosen opponent
   */
  constructor({ board = byId('board'), turnLine = byId('turn-line'), computerMark, sides }) {
    this.board = board;
    /** The marks by cell code (the engine's sides(): code 1 the first, 2 the second). */
    this.sides = sides;
    this.turnLine = turnLine;
    this.computerMark = computerMark;
    /** The active cell: where the arrow keys are, and what Enter marks. */
    this.active = 0;
    this.cells = [];
    /** The board's width in squares, the engine's (set by the first game drawn). */
    this.width = 0;
    this.stroke = svg('line', { pathLength: 1 });
    this.line = svg('svg', { class: 'ttt-line', 'aria-hidden': 'true' }, this.stroke);
  }

  /** A button per square of `game`'s board, made once (the board's size is the engine's). */
  _build(game) {
    const [width, height] = [game.width(), game.height()];
    if (this.cells.length === width * height) return;
    this.width = width;
    this.cells = Array.from({ length: width * height }, (_, cell) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'ttt-cell';
      button.dataset.cell = String(cell);
      return button;
    });
    this.line.setAttribute('viewBox', `0 0 ${width} ${height}`);
    this.board.replaceChildren(...this.cells, this.line);
    this.setActive(Math.min(this.active, this.cells.length - 1), { focus: false });
  }

  get reducedMotion() {
    return prefersReducedMotion();
  }

  /** Makes `cell` the active cell (the only one Tab reaches); focuses it if asked. */
  setActive(cell, { focus = true } = {}) {
    this.active = cell;
    this.cells.forEach((button, i) => {
      button.tabIndex = i === cell ? 0 : -1;
      button.classList.toggle('active', i === cell);
    });
    if (focus) this.cells[cell]?.focus();
  }

  /** Draws every cell, the winning line and the turn line from the game; `fresh` is the cell
   * whose mark draws itself in (none for a plain redraw). */
  _render(game, fresh = null) {
    this._build(game);
    const marks = this.marksOf(game);
    const { line, winner, turn } = game.readouts();
    const won = new Set(line);
    marks.forEach((mark, cell) => {
      const button = this.cells[cell];
      if (button.dataset.mark !== mark) {
        button.dataset.mark = mark;
        button.replaceChildren(...(mark ? [markSvg(mark)] : []));
      }
      button.classList.toggle('fresh', cell === fresh && !this.reducedMotion);
      button.classList.toggle('won', won.has(cell));
      const place = placeName(cell, this.width);
      button.setAttribute('aria-label', `${place[0].toUpperCase()}${place.slice(1)}: ${mark || 'empty'}${won.has(cell) ? ', winning line' : ''}`);
    });
    this._drawLine(line.length ? line : null, fresh !== null);
    this.board.dataset.over = String(game.status() !== 'playing');
    this.board.dataset.turn = turn;
    this.turnLine.textContent = this.turnText(game);
    this.turnLine.dataset.state = winner ? 'won' : (game.status() === 'drawn' ? 'draw' : 'turn');
  }

  /** Each cell's mark (`""` for none), from the engine's codes. */
  marksOf(game) {
    return game.cells().map((code) => this.sides[code - 1] ?? '');
  }

  /** The stroke through the winning cells (from a little before the first to a little past the
   * third), or none. */
  _drawLine(line, fresh) {
    this.line.classList.toggle('shown', Boolean(line));
    this.line.classList.toggle('fresh', Boolean(line) && fresh && !this.reducedMotion);
    if (!line) return;
    const at = (cell) => [(cell % this.width) + 0.5, Math.floor(cell / this.width) + 0.5];
    const [x1, y1] = at(line[0]);
    const [x2, y2] = at(line[2]);
    const reach = 0.32 / Math.hypot(x2 - x1, y2 - y1);
    const ends = { x1: x1 - (x2 - x1) * reach, y1: y1 - (y2 - y1) * reach, x2: x2 + (x2 - x1) * reach, y2: y2 + (y2 - y1) * reach };
    for (const [key, value] of Object.entries(ends)) this.stroke.setAttribute(key, value.toFixed(3));
  }

  draw(game) {
    this._render(game);
  }

  /** Draws the mark just placed (it draws itself in); resolves once it has. */
  animate(game, change, { duration }) {
    this._render(game, change);
    const ms = this.reducedMotion ? 0 : duration;
    return new Promise((resolve) => setTimeout(resolve, ms));
  }

  /** True iff every cell shows the game's mark. */
  shows(game) {
    return this.marksOf(game).every((mark, cell) => this.cells[cell]?.dataset.mark === mark);
  }

  /** The cell a button is, or null for anything else. */
  cellOf(element) {
    const button = element?.closest?.('.ttt-cell');
    return button && this.board.contains(button) ? Number(button.dataset.cell) : null;
  }

  /** A replay's next move, a cell, ringed on its square (features/replay.js). */
  showMove(cell, { marked }) {
    pointAt(this.board, cell === null ? null : this.cells[cell], marked);
  }

  /** The line above the board, in the words of the chosen opponent. */
  turnText(game) {
    const computer = this.computerMark();
    const { winner, turn } = game.readouts();
    const whose = (mark) => (computer ? (mark === computer ? ' (computer)' : ' (you)') : '');
    if (winner) return `${winner} wins${whose(winner)}`;
    if (game.status() === 'drawn') return 'Draw';
    return turn === computer ? `${turn}: the computer is choosing` : `${turn} to move${whose(turn)}`;
  }

  /** What the live region says of a game going on: whose turn it is. */
  status(game) {
    return `${this.turnText(game)}.`;
  }

  /** Input the rules refused (the mid end has said why): its square shakes. */
  refused(input) {
    if ('cell' in input) this.shake(input.cell);
  }

  /** A cell that cannot take a mark shakes a little (not with reduced motion). */
  shake(cell) {
    const button = this.cells[cell];
    if (!button || this.reducedMotion) return;
    button.classList.remove('shake');
    void button.offsetWidth; // restart the CSS animation
    button.classList.add('shake');
  }
}

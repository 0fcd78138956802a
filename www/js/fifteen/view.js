// The sliding puzzle's board: one button per tile, kept for the whole game and moved by its
// place (--r, --c: style.css's .tile), so a slide is the CSS transition of the tiles whose
// place changed, and a tile keeps its focus as it moves. Buttons stay in number order in the
// page; each one's name says its number and place ("7, row 2, column 3").
//
// The view draws; fifteen/mount.js wires input (the solver's Hint and Solve are the shared
// helpers', which ask showHint and hintText here).

import { nudge, prefersReducedMotion, transitionsDone } from '../kits/board-view.js';
import { formatTime } from '../midend/clock.js';
import { make, movesText, pointAt } from '../ui/ui.js';

const byId = (id) => document.getElementById(id);

export class FifteenView {
  /** @param {object} els  the page's elements (by id by default) */
  constructor({ board = byId('board'), tiles = byId('tiles'), slots = byId('slots'), moves = byId('moves'), best = byId('best') } = {}) {
    this.board = board;
    this.tilesEl = tiles;
    this.slotsEl = slots;
    this.movesEl = moves;
    this.bestEl = best;
    this.size = 0;
    /** The button of each tile number (index 0 unused: the blank has none). */
    this.buttons = [];
  }

  get reducedMotion() {
    return prefersReducedMotion();
  }

  /** Builds a board of `size` (its slots and one button per tile) if it is not that already. */
  _build(size) {
    if (this.size === size) return;
    this.size = size;
    this.board.style.setProperty('--n', String(size));
    this.board.dataset.size = String(size);
    this.slotsEl.replaceChildren(...Array.from({ length: size * size }, () => make('div', { className: 'slot' })));
    this.buttons = [null];
    for (let tile = 1; tile < size * size; tile += 1) {
      const button = make('button', { type: 'button', className: 'tile fifteen-tile', id: `fifteen-tile-${tile}` }, make('span', { className: 'fifteen-face', textContent: String(tile) }));
      button.dataset.tile = String(tile);
      this.buttons.push(button);
    }
    // The gap, for a screen reader: read in its place among the tiles, as a player asks for it.
    this.gap = make('span', { id: 'fifteen-gap', className: 'visually-hidden' });
    this.gap.setAttribute('role', 'img');
    this.tilesEl.replaceChildren(...this.buttons.slice(1), this.gap);
  }

  /** Puts every tile at its place; with `duration` 0 they jump there. */
  _place(game, duration) {
    const size = game.width();
    this._build(size);
    this.tilesEl.style.setProperty('--slide-ms', `${duration}ms`);
    const moved = [];
    const inPlace = new Set(game.readouts().inPlace);
    const tiles = game.cells();
    tiles.forEach((tile, cell) => {
      if (tile === 0) return;
      const button = this.buttons[tile];
      const row = Math.floor(cell / size);
      const col = cell % size;
      if (button.dataset.cell !== String(cell)) moved.push(button);
      button.dataset.cell = String(cell);
      button.style.setProperty('--r', String(row));
      button.style.setProperty('--c', String(col));
      // Home is where the tile belongs in the goal (the engine says): drawn a little
      // differently, as a guide.
      button.classList.toggle('at-home', inPlace.has(cell));
      button.setAttribute('aria-label', `${tile}${inPlace.has(cell) ? ', in place' : ''}, row ${row + 1}, column ${col + 1}`);
    });
    const gap = tiles.indexOf(0);
    this.gap.setAttribute('aria-label', `Gap, row ${Math.floor(gap / size) + 1}, column ${(gap % size) + 1}`);
    // Read in the board's order, row by row, as a player sees it (the buttons themselves stay
    // in number order: moved in the page, a focused tile would lose the focus, and its slide).
    this.tilesEl.setAttribute('aria-owns', tiles.map((tile) => (tile ? `fifteen-tile-${tile}` : 'fifteen-gap')).join(' '));
    this.board.dataset.blank = String(gap);
    this.board.classList.toggle('solved', game.status() === 'won');
    return moved;
  }

  draw(game, { best } = {}) {
    this._place(game, 0);
    this.drawCounts(game, best);
  }

  /** Slides the tiles whose place changed; resolves once they are there. */
  animate(game, _change, { duration, best }) {
    const slide = this.reducedMotion ? 0 : duration;
    // Commit the old places before the new ones, or nothing would transition.
    void this.tilesEl.getBoundingClientRect();
    const moved = this._place(game, slide);
    this.drawCounts(game, best);
    if (slide === 0 || moved.length === 0) return Promise.resolve();
    return transitionsDone(moved, slide + 120);
  }

  /** True iff every tile is drawn at the game's place for it. */
  shows(game) {
    if (this.size !== game.width()) return false;
    return game.cells().every((tile, cell) => tile === 0 || this.buttons[tile].dataset.cell === String(cell));
  }

  drawCounts(game, best) {
    const moves = game.moveCount();
    this.movesEl.textContent = String(moves);
    this.movesEl.dataset.value = String(moves);
    this.bestEl.textContent = best ? String(best) : '–';
    this.bestEl.dataset.value = String(best ?? '');
    this.bestEl.title = best ? `Fewest moves on ${game.width()}×${game.height()}` : 'No solve yet on this size';
  }

  /** The button of tile `tile`, or null. */
  button(tile) {
    return this.buttons[tile] ?? null;
  }

  /** The cell a tile button stands on, or null for anything else. */
  cellOf(element) {
    const button = element?.closest?.('.fifteen-tile');
    if (!button || !this.tilesEl.contains(button)) return null;
    return Number(button.dataset.cell);
  }

  /** What the live region says of a game going on: the moves, and where the gap is. */
  status(game) {
    const size = game.width();
    const blank = game.cells().indexOf(0);
    return `${movesText(game.moveCount())}. The gap is at row ${Math.floor(blank / size) + 1}, column ${(blank % size) + 1}.`;
  }

  /** The words of a solve (the shell's ending.js): the engine's, with the moves and time. */
  ended(game, { ms }) {
    const moves = game.moveCount();
    return { title: 'Solved!', result: moves, said: `${game.ending()} ${movesText(moves)}, ${formatTime(ms)}.` };
  }

  /** Marks the tile in `cell` of `game` as the hint (none for null), for the shared helpers. */
  showHint(cell, game) {
    for (const button of this.tilesEl.querySelectorAll('.hint')) button.classList.remove('hint');
    const tile = cell === null ? 0 : game.cells()[cell];
    if (tile) this.buttons[tile]?.classList.add('hint');
  }

  /** What a replay calls a step, one slide of one or more tiles (features/replay.js): its
   * moves are the tiles moved, as the solved panel counts them. */
  get stepName() {
    return 'Slide';
  }

  /** A replay's next move, the tile in `cell` of `game`, ringed (features/replay.js). */
  showMove(cell, { marked, game }) {
    pointAt(this.tilesEl, cell === null ? null : this.buttons[game.cells()[cell]], marked);
  }

  /** The hint's words for the move in `cell`: the tile to move. */
  hintText(cell, game) {
    return `move tile ${game.cells()[cell]}`;
  }

  /** Input the rules refused (the mid end has said why): a direction nudges the board, a tap
   * shakes its tile. */
  refused(input, game) {
    if ('toward' in input) nudge(this.board, input.toward);
    else if ('cell' in input) this.shake(game.cells()[input.cell]);
  }

  /** A tile that cannot move shakes a little (not with reduced motion). */
  shake(tile) {
    const button = this.buttons[tile];
    if (!button || this.reducedMotion) return;
    button.classList.remove('shake');
    void button.offsetWidth; // restart the CSS animation
    button.classList.add('shake');
  }
}

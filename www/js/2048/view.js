// Draws a game of 2048: the tiles on the board, score and best with the "+N" that floats up
// from the score, the board's text for assistive technology, and the game-over summary.
// Drawing only: the rules live in the engine, the controls in midend/shell.js and 2048/mount.js.
//
// Tiles are placed with board-view.js's helpers (style.css's `.tile` reads --r and --c). A
// move slides every tile that moved straight to its cell, any distance, in one CSS transition
// on `transform`; then the board is redrawn from the engine's grid, with the merged tiles
// popping and the new tile scaling in (CSS animations on the tile's face, so they never fight
// the slide). What is drawn can therefore never drift from the game.
//
// What the shell asks of a view: docs/design.md, "Adding a game" (view.js); what BoardView
// gives a board of tiles and what a subclass adds: kits/board-view.js, above BoardView.

import { BoardView, formatNumber } from '../kits/board-view.js';

/** How long a "+N" floats before it is removed (the CSS animation is shorter). */
const POPUP_MS = 900;

/** The points a move scored, as the engine counts them (its lastMove()). */
const pointsOf = (move) => move?.points ?? 0;

export class View2048 extends BoardView {
  /**
   * @param {object} els  BoardView's elements, and:
   * @param {HTMLElement} els.popups  where the "+N" popups float (aria-hidden; the live region says it)
   */
  constructor({ popups, ...elements }) {
    super(elements);
    this.popups = popups;
  }

  /** A tile's face: `.tile-inner` with its number. */
  face(value) {
    const inner = document.createElement('div');
    inner.className = 'tile-inner';
    inner.dataset.digits = String(String(value).length);
    // Tiles above 2048 share one look, as in the original.
    if (value > 2048) inner.dataset.super = '';
    inner.textContent = String(value);
    return inner;
  }

  /** A "+N" that floats up from the score and fades (removed after POPUP_MS). */
  popScore(points) {
    if (!this.popups || points <= 0) return;
    const popup = document.createElement('span');
    popup.className = 'score-popup';
    popup.dataset.value = String(points);
    popup.textContent = `+${formatNumber(points)}`;
    // One at a time: on fast moves each rose from the same place over the last, a stack no one
    // could read. The newest says the move just made; the score beside it, the sum.
    this.popups.replaceChildren(popup);
    setTimeout(() => popup.remove(), POPUP_MS);
  }

  /** What the live region says after the engine's words for a move: "+8. Score 120." */
  status(game, move = null) {
    const points = pointsOf(move);
    const score = `Score ${formatNumber(game.readouts().score)}.`;
    return points > 0 ? `+${formatNumber(points)}. ${score}` : score;
  }

  /**
   * Animates `move` (the engine's lastMove()): the score counts up at once with its "+N", as
   * in the original; every tile that moved slides straight to its cell; then the board is
   * redrawn from the game, merged tiles popping and the new tile appearing. Resolves when
   * done; never rejects and never hangs.
   */
  animate(game, move, { duration = 100, best = 0 } = {}) {
    this.drawScore(game.readouts().score, best);
    this.popScore(pointsOf(move));
    return this.animateMove(move, {
      duration,
      redraw: () => this.draw(game, { best, pop: move ? move.merges : [], spawn: move ? move.spawn : null }),
    });
  }

  /** The game-over summary: highest tile and number of moves. */
  renderScoreSheet(container, game) {
    const list = document.createElement('dl');
    list.className = 'summary';
    const rows = [
      ['Highest tile', Math.max(...game.cells()), 'highest'],
      ['Moves', game.moveCount(), 'moves'],
    ];
    for (const [label, value, key] of rows) {
      const item = document.createElement('div');
      item.className = 'summary-item';
      const term = document.createElement('dt');
      term.textContent = label;
      const detail = document.createElement('dd');
      detail.id = `summary-${key}`;
      detail.dataset.value = String(value);
      detail.textContent = formatNumber(value);
      item.append(term, detail);
      list.append(item);
    }
    container.replaceChildren(list);
  }
}

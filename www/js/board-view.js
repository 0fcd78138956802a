// What every Gridplay board view shares (threes-view.js, view2048.js): the BoardView base
// class (tiles drawn from the grid, score and best), placing a tile on the grid, waiting for
// slides to finish, and whether to animate at all.
//
// Tiles are absolutely positioned in the tile layer; CSS (style.css, `.tile`) places each from
// the custom properties --r and --c (row and column) in units of the board's cell size, so the
// board scales with the viewport and a move is a CSS transition on `transform`.
//
// Nothing here knows about a particular game.

/**
 * Whether moves should be drawn without sliding. The app's motion setting decides (app.js
 * resolves "auto" from prefers-reduced-motion and writes `data-motion="on|off"` on <html>);
 * without that attribute, the system preference does.
 */
export function prefersReducedMotion() {
  const motion = document.documentElement.dataset.motion;
  if (motion) return motion === 'off';
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Puts `tile` at (row, col); with a transition on transform, it slides there. */
export function place(tile, row, col) {
  tile.style.setProperty('--r', String(row));
  tile.style.setProperty('--c', String(col));
}

/**
 * Resolves once every element has finished its transform transition, or after `timeout` ms,
 * whichever comes first: a missed transitionend (hidden tab, element removed, zero distance)
 * can never hang the game.
 */
export function transitionsDone(elements, timeout) {
  return new Promise((resolve) => {
    const pending = new Set(elements);
    let timer = 0;
    const finish = () => {
      clearTimeout(timer);
      for (const el of elements) {
        el.removeEventListener('transitionend', onEnd);
        el.removeEventListener('transitioncancel', onEnd);
      }
      resolve();
    };
    function onEnd(event) {
      if (event.target !== event.currentTarget || event.propertyName !== 'transform') return;
      pending.delete(event.currentTarget);
      if (pending.size === 0) finish();
    }
    for (const el of elements) {
      el.addEventListener('transitionend', onEnd);
      el.addEventListener('transitioncancel', onEnd);
    }
    timer = setTimeout(finish, timeout);
    if (pending.size === 0) finish();
  });
}

/** "Row 1: 2, empty, 4, 8. Row 2: …", prefixed with "Board." (the board's aria-label). */
export function describeGrid(grid) {
  const rows = grid.map(
    (row, r) => `Row ${r + 1}: ${row.map((v) => (v ? String(v) : 'empty')).join(', ')}.`,
  );
  return `Board. ${rows.join(' ')}`;
}

export const SIZE = 4;

/** Scores are shown as plain digits ("531441"), the way the engine reports them. */
export const formatNumber = (n) => String(n);

/**
 * The part of a board view that does not depend on the game. A subclass supplies
 * `makeTile(value, row, col)` (a positioned `.tile` with data-row/col/value) and its own
 * `draw`, `animate`, `boardLabel`, `status`, `renderScoreSheet`.
 */
export class BoardView {
  /**
   * @param {object} els
   * @param {HTMLElement} els.board   the board (role="img"; its aria-label lists the tiles)
   * @param {HTMLElement} els.tiles   the layer the tiles live in
   * @param {HTMLElement} els.score
   * @param {HTMLElement} els.best
   */
  constructor({ board, tiles, score, best }) {
    this.board = board;
    this.tiles = tiles;
    this.scoreEl = score;
    this.bestEl = best;
    // Bumped by every draw, so an animation that finishes after a newer draw leaves it alone.
    this._generation = 0;
  }

  /** Whether moves should be drawn without sliding (the player asked for less motion). */
  get reducedMotion() {
    return prefersReducedMotion();
  }

  /**
   * Replaces the tiles with the grid's: cells in `pop` ([row, col] of merges) pop, and the
   * tile at `spawn` ([row, col, …]) appears, unless motion is reduced.
   */
  drawTiles(grid, { pop = [], spawn = null } = {}) {
    this._generation += 1;
    const animate = !this.reducedMotion;
    const popped = new Set(pop.map(([r, c]) => `${r},${c}`));
    const fresh = spawn ? `${spawn[0]},${spawn[1]}` : '';
    const fragment = document.createDocumentFragment();
    for (let r = 0; r < SIZE; r += 1) {
      for (let c = 0; c < SIZE; c += 1) {
        const value = grid[r][c];
        if (!value) continue;
        const tile = this.makeTile(value, r, c);
        const key = `${r},${c}`;
        if (animate && popped.has(key)) tile.classList.add('tile-merged');
        else if (animate && key === fresh) tile.classList.add('tile-new');
        fragment.append(tile);
      }
    }
    this.tiles.replaceChildren(fragment);
  }

  /** The score and the best score. */
  drawScore(score, best) {
    const shownBest = Math.max(best, score);
    this.scoreEl.textContent = formatNumber(score);
    this.scoreEl.dataset.value = String(score);
    this.bestEl.textContent = formatNumber(shownBest);
    this.bestEl.dataset.value = String(shownBest);
  }
}

// What every Gridplay board view shares (threes/view.js, 2048/view.js): the BoardView base
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
function place(tile, row, col) {
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

/** "Row 1: 2, empty, 4, 8. Row 2: …", prefixed with "Board." (the board's aria-label): the
 * squares' words (the engine's squareWords()), rows of `width`. */
export function describeGrid(words, width) {
  const rows = [];
  for (let r = 0; r * width < words.length; r += 1) rows.push(`Row ${r + 1}: ${words.slice(r * width, (r + 1) * width).join(', ')}.`);
  return `Board. ${rows.join(' ')}`;
}

const byId = (id) => document.getElementById(id);

/** `game`'s board as rows of its cells' codes (the contract's cells(), width() wide). */
export function rowsOf(game) {
  const [cells, width] = [game.cells(), game.width()];
  return Array.from({ length: cells.length / width }, (_, r) => cells.slice(r * width, (r + 1) * width));
}

/** Scores are shown as plain digits ("531441"), the way the engine reports them. */
export const formatNumber = (n) => String(n);

/** A direction that moved nothing: the board nudges a little toward where it could not go
 * (style.css), unless motion is reduced. */
export function nudge(board, direction) {
  if (prefersReducedMotion()) return;
  board.classList.remove('nudge');
  delete board.dataset.nudge;
  void board.offsetWidth; // restart the CSS animation
  board.dataset.nudge = direction;
  board.classList.add('nudge');
}

/**
 * The part of a board view that does not depend on the game. A subclass supplies `face(value)`
 * (what a tile shows, inside the positioned `.tile` that makeTile wraps round it) and its own
 * `animate` (on animateMove), `status`, `renderScoreSheet`; `draw`, `shows` and
 * `reducedMotion` come from here, and a subclass with more to draw adds it to `draw`.
 */
export class BoardView {
  /**
   * Each element defaults to the one with that id in the page (the games' view.html files share
   * them).
   * @param {object} [els]
   * @param {HTMLElement} [els.board]   #board (role="img"; its aria-label lists the tiles)
   * @param {HTMLElement} [els.tiles]   the layer the tiles live in (made in an empty board)
   * @param {HTMLElement} [els.score]   #score
   * @param {HTMLElement} [els.best]    #best
   */
  constructor({
    board = byId('board'), tiles = null, score = byId('score'), best = byId('best'),
  } = {}) {
    this.board = board;
    // An empty board gets its layers, the same for every board of tiles: the empty squares
    // (.slots, one per cell, made for the first game drawn: its size is the engine's) under
    // the tiles (#tiles).
    if (board && !tiles && !board.querySelector('.tiles')) {
      const layer = (className) => Object.assign(document.createElement('div'), { className });
      const slots = layer('slots');
      const made = layer('tiles');
      made.id = 'tiles';
      for (const part of [slots, made]) part.setAttribute('aria-hidden', 'true');
      board.prepend(slots, made);
    }
    this.tiles = tiles ?? board?.querySelector('.tiles');
    this.scoreEl = score;
    this.bestEl = best;
    // Bumped by every draw, so an animation that finishes after a newer draw leaves it alone.
    this._generation = 0;
  }

  /** A positioned board tile: `.tile` (data-row/col/value, placed at its cell) round the game's face. */
  makeTile(value, row, col) {
    const tile = document.createElement('div');
    tile.className = 'tile';
    tile.dataset.row = String(row);
    tile.dataset.col = String(col);
    tile.dataset.value = String(value);
    place(tile, row, col);
    tile.append(this.face(value));
    return tile;
  }

  /**
   * Redraws everything from the game's state: the tiles (`pop` and `spawn` as drawTiles takes
   * them), the board's label and the score.
   */
  draw(game, { best = 0, pop = [], spawn = null } = {}) {
    const slots = this.board.querySelector('.slots');
    const cells = game.width() * game.height();
    if (slots && slots.childElementCount !== cells) {
      slots.replaceChildren(...Array.from({ length: cells }, () => Object.assign(document.createElement('div'), { className: 'slot' })));
    }
    const grid = rowsOf(game);
    this.drawTiles(grid, { pop, spawn });
    this.board.setAttribute('aria-label', this.boardLabel(game));
    this.drawScore(game.readouts().score, best);
  }

  /** Whether moves should be drawn without sliding (the player asked for less motion). */
  get reducedMotion() {
    return prefersReducedMotion();
  }

  /** Input the rules refused (the mid end has said why): a direction nudges the board. */
  refused(input) {
    if ('toward' in input) nudge(this.board, input.toward);
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
    for (let r = 0; r < grid.length; r += 1) {
      for (let c = 0; c < grid[r].length; c += 1) {
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

  /** "Board. Row 1: 2, empty, 4, 8. Row 2: …" (the board's aria-label). */
  boardLabel(game) {
    return describeGrid(game.squareWords(), game.width());
  }

  /**
   * Draws `move` (the engine's lastMove()) from the board as drawn now: the drawn tiles slide
   * along its slides, and the tiles `arrivals()` adds (each [tile, row, col], put in the tile
   * layer at its start cell) to their cells, in one CSS transition of `duration` ms; then
   * `redraw()` draws the game's state. With no move, no motion or nothing to slide, `redraw()`
   * runs at once. Resolves when done; never rejects and never hangs.
   */
  animateMove(move, { duration, redraw, arrivals = () => [] }) {
    if (!move || duration <= 0 || this.reducedMotion || !this.board.isConnected) {
      redraw();
      return Promise.resolve();
    }
    const generation = ++this._generation;
    const drawn = new Map();
    for (const tile of this.tiles.children) {
      drawn.set(`${tile.dataset.row},${tile.dataset.col}`, tile);
    }

    const moving = [];
    for (const [fromRow, fromCol, toRow, toCol] of move.slides) {
      const tile = drawn.get(`${fromRow},${fromCol}`);
      // A tile missing here means the drawing had drifted; the redraw at the end repairs it.
      if (!tile) continue;
      tile.classList.add('tile-moving');
      moving.push([tile, toRow, toCol]);
    }
    const arriving = arrivals();
    moving.push(...arriving);
    if (moving.length === 0) {
      redraw();
      return Promise.resolve();
    }

    this.tiles.style.setProperty('--slide-ms', `${duration}ms`);
    // A tile drawn in an earlier frame slides from where it was drawn: a transition starts
    // from the style last computed, with the transition's duration of the style after. Only a
    // tile just added has no start position yet, which a forced layout commits; that costs the
    // move a layout of the whole page before its frame, so it is paid only then (Threes' card
    // coming in).
    if (arriving.length > 0) void this.tiles.getBoundingClientRect();
    for (const [tile, toRow, toCol] of moving) place(tile, toRow, toCol);

    return transitionsDone(moving.map(([tile]) => tile), duration + 120).then(() => {
      // A newer draw (e.g. a new game) has replaced this board meanwhile; leave it be.
      if (generation === this._generation) redraw();
    });
  }

  /** True iff the tiles drawn are the game's grid (the shell redraws after a move if not). */
  shows(game) {
    const grid = rowsOf(game);
    const seen = grid.map((row) => row.map(() => 0));
    for (const tile of this.board.querySelectorAll('.tile')) {
      const r = Number(tile.dataset.row);
      const c = Number(tile.dataset.col);
      if (!(r in seen) || !(c in seen[r]) || seen[r][c] !== 0) return false;
      seen[r][c] = Number(tile.dataset.value);
    }
    return grid.every((row, r) => row.every((v, c) => v === seen[r][c]));
  }

  /** The score and the best kept (`best` null: none kept yet). The best is the shell's: it
   * grows with the player's own score, not with a game played with help or as practice. */
  drawScore(score, best) {
    const shownBest = best ?? 0;
    this.scoreEl.textContent = formatNumber(score);
    this.scoreEl.dataset.value = String(score);
    this.bestEl.textContent = formatNumber(shownBest);
    this.bestEl.dataset.value = String(shownBest);
  }
}

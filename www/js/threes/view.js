// Draws a game of Threes: the cards on the board, the next-tile preview, score and best, the
// board's text for assistive technology, and the game-over score sheet.
//
// Cards are absolutely positioned in the tile layer and placed with board-view.js's helpers
// (CSS reads --r and --c, in units of the board's cell size). A move is animated with CSS
// transitions on `transform`: the cards that changed cell slide one cell, the new card slides
// in from outside the board's edge, and merged cards pop. Every animation ends with a full
// redraw from the engine's grid, so what is drawn can never drift from the game.
//
// What the shell asks of a view: docs/design.md, "Adding a game" (view.js); what BoardView
// gives a board of tiles and what a subclass adds: kits/board-view.js, above BoardView.

import { BoardView, formatNumber, rowsOf } from '../kits/board-view.js';

/** One cell toward the wall each direction points at: [dRow, dCol]. */
const STEP = {
  up: [-1, 0],
  down: [1, 0],
  left: [0, -1],
  right: [0, 1],
};

/** "one", "two" or "big": the three looks of a Threes card. */
function kindOf(value) {
  if (value === 1) return 'one';
  if (value === 2) return 'two';
  return 'big';
}

/** A card element showing `value` (no position). */
function makeCard(value, className) {
  const card = document.createElement('div');
  card.className = className;
  card.dataset.value = String(value);
  card.dataset.kind = kindOf(value);
  card.dataset.digits = String(String(value).length);
  const number = document.createElement('span');
  number.className = 'card-number';
  number.textContent = String(value);
  card.append(number);
  return card;
}

export class ThreesView extends BoardView {
  /**
   * @param {object} els  BoardView's elements, and:
   * @param {HTMLElement} els.next    the next-tile preview
   */
  constructor({ next, ...elements }) {
    super(elements);
    this.next = next;
  }

  /** A tile's face: the card. */
  face(value) {
    return makeCard(value, 'card');
  }

  /** Redraws everything from the game's state, as every board view does, and the next card. */
  draw(game, options) {
    super.draw(game, options);
    this.drawNext(game);
  }

  /**
   * The preview of the next card: coloured like the card, or the bonus candidates on a white
   * card; an empty slot once the game is over (no card is coming).
   */
  drawNext(game) {
    const values = game.readouts().next;
    if (values.length === 0) {
      this.next.replaceChildren();
      this.next.dataset.values = '';
      this.next.setAttribute('aria-label', 'No next tile: the game is over');
      return;
    }
    let card;
    if (values.length <= 1) {
      card = makeCard(values[0] ?? 0, 'card next-card');
    } else {
      card = document.createElement('div');
      card.className = 'card next-card next-bonus';
      card.dataset.kind = 'big';
      card.dataset.value = values.join(' ');
      const list = document.createElement('span');
      list.className = 'card-number bonus-values';
      for (const v of values) {
        const item = document.createElement('span');
        item.textContent = String(v);
        list.append(item);
      }
      card.append(list);
    }
    this.next.replaceChildren(card);
    this.next.dataset.values = values.join(' ');
    this.next.setAttribute('aria-label', `Next tile: ${this.nextText(values)}`);
  }

  /** "2", or "6, 12 or 24" for a bonus card. */
  nextText(values) {
    if (values.length <= 1) return String(values[0] ?? 'none');
    return `${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}`;
  }

  /** What the live region says after a move, besides the direction: "Next tile 2. Score 54." */
  status(game) {
    const { next, score } = game.readouts();
    return `Next tile ${this.nextText(next)}. Score ${formatNumber(score)}.`;
  }

  /**
   * Animates `move` (the engine's lastMove()), then redraws from the game: the cards that
   * moved slide one cell, and the new card slides in from one cell beyond the far edge,
   * outside the board. Resolves when done; never rejects and never hangs.
   */
  animate(game, move, { duration = 120, best = 0 } = {}) {
    return this.animateMove(move, {
      duration,
      redraw: () => this.draw(game, { best, pop: move ? move.merges : [] }),
      arrivals: () => {
        const [row, col, value] = move.spawn;
        const [dRow, dCol] = STEP[move.direction] ?? [0, 0];
        const entering = this.makeTile(value, row - dRow, col - dCol);
        entering.classList.add('tile-moving', 'tile-entering');
        this.tiles.append(entering);
        return [[entering, row, col]];
      },
    });
  }

  /**
   * The game-over score sheet: the final board with each card's points under it, and the same
   * as a list grouped by card for screen readers ("6144 × 1 = 531,441 points").
   */
  renderScoreSheet(container, game) {
    const grid = rowsOf(game);
    const width = game.width();
    const { points } = game.readouts();
    const sheet = document.createElement('div');
    sheet.className = 'sheet-board';
    sheet.setAttribute('aria-hidden', 'true');
    const groups = new Map();
    for (let r = 0; r < grid.length; r += 1) {
      for (let c = 0; c < grid[r].length; c += 1) {
        const value = grid[r][c];
        const cell = document.createElement('div');
        cell.className = 'sheet-cell';
        cell.dataset.row = String(r);
        cell.dataset.col = String(c);
        if (value) {
          cell.dataset.value = String(value);
          cell.dataset.points = String(points[r * width + c]);
          cell.append(makeCard(value, 'card sheet-card'));
          const label = document.createElement('span');
          label.className = 'sheet-points';
          label.textContent = points[r * width + c] ? `+${formatNumber(points[r * width + c])}` : '0';
          cell.append(label);
          const group = groups.get(value) ?? { count: 0, points: 0 };
          group.count += 1;
          group.points += points[r * width + c];
          groups.set(value, group);
        }
        sheet.append(cell);
      }
    }

    const list = document.createElement('ul');
    list.className = 'sheet-list visually-hidden';
    const values = [...groups.keys()].sort((a, b) => b - a);
    for (const value of values) {
      const { count, points: total } = groups.get(value);
      const item = document.createElement('li');
      item.textContent = `${value} × ${count} = ${formatNumber(total)} ${total === 1 ? 'point' : 'points'}`;
      list.append(item);
    }
    container.replaceChildren(sheet, list);
  }
}

// Lights Out's board: a button per square of the engine's width × height, lit where its code
// is 1. One button is in the tab order at a time (the cell cursor's), as in tic-tac-toe.

import { placeName } from '../ui/ui.js';

export class LightsView {
  constructor({ board = document.getElementById('board'), lit = document.getElementById('lit') } = {}) {
    this.board = board;
    this.litEl = lit;
    this.squares = [];
    this.width = 0;
    this.active = 0;
  }

  get reducedMotion() {
    return false;
  }

  _build(game) {
    const [width, height] = [game.width(), game.height()];
    if (this.squares.length === width * height) return;
    this.width = width;
    this.board.style.setProperty('--columns', String(width));
    this.squares = Array.from({ length: width * height }, (_, cell) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'light';
      button.dataset.cell = String(cell);
      return button;
    });
    this.board.replaceChildren(...this.squares);
    this.setActive(0, { focus: false });
  }

  setActive(cell, { focus = true } = {}) {
    this.active = cell;
    this.squares.forEach((button, i) => { button.tabIndex = i === cell ? 0 : -1; });
    if (focus) this.squares[cell]?.focus();
  }

  draw(game) {
    this._build(game);
    game.cells().forEach((code, cell) => {
      const button = this.squares[cell];
      button.dataset.lit = String(code === 1);
      button.setAttribute('aria-label', `${placeName(cell, this.width)}: ${code === 1 ? 'on' : 'off'}`);
    });
    this.litEl.textContent = String(game.readouts().lit);
  }

  animate(game) {
    this.draw(game);
    return Promise.resolve();
  }

  shows(game) {
    return game.cells().every((code, cell) => this.squares[cell]?.dataset.lit === String(code === 1));
  }

  cellOf(element) {
    const button = element?.closest?.('.light');
    return button && this.board.contains(button) ? Number(button.dataset.cell) : null;
  }

  /** The words of the end (the shell's ending.js): the engine's, with the presses. */
  ended(game) {
    const presses = game.moveCount();
    return { result: presses, said: `${game.ending()} ${presses} ${presses === 1 ? 'press' : 'presses'}.` };
  }

  /** What the live region says after the engine's words for a press. */
  status(game) {
    return `${game.moveCount()} ${game.moveCount() === 1 ? 'press' : 'presses'}.`;
  }
}

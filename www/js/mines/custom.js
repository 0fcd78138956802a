// The Custom board form: width, height and mines, checked by the engine as they are typed (its
// own words, in one line above Start: "the width must be 5 to 50 squares, got 60"), its limits
// on the number fields from the engine too.

import { Minefield } from '../../pkg/minesweeper.js';

export class CustomBoardForm {
  /**
   * @param {HTMLDialogElement} dialog  #custom-board (mines/view.html)
   * @param {(board: object | null) => void} chosen  the board the player started, or null (cancelled)
   */
  constructor(dialog, chosen) {
    const byId = (id) => dialog.querySelector(`#${id}`);
    this.dialog = dialog;
    this.error = byId('custom-error');
    this.fields = [[byId('custom-width'), 'width'], [byId('custom-height'), 'height'], [byId('custom-mines'), 'number of mines']];
    const { min, max } = Minefield.sideLimits();
    for (const [input] of this.fields.slice(0, 2)) Object.assign(input, { min, max });
    this.fields[2][0].min = 1;
    const form = dialog.querySelector('form');
    form.addEventListener('submit', (event) => {
      if (event.submitter?.value === 'start' && this.sayProblem()) event.preventDefault();
    });
    // A message is about the numbers it was given: a field being changed clears it, and one
    // changed (left, or stepped) says what is wrong with the new numbers, if anything.
    form.addEventListener('input', () => {
      this.error.textContent = '';
    });
    form.addEventListener('change', () => this.sayProblem());
    dialog.addEventListener('close', () => chosen(dialog.returnValue === 'start' ? this.read().board : null));
  }

  /** Opens the form with `board`'s numbers in it. */
  open(board) {
    this.fields.forEach(([input], i) => {
      input.value = String([board.width, board.height, board.mines][i]);
    });
    this.error.textContent = '';
    this.dialog.returnValue = '';
    this.dialog.showModal();
  }

  /** The board in the form, or what is wrong with it. */
  read() {
    // An empty field (or one the browser could not read as a number) has nothing to check yet.
    const empty = this.fields.find(([input]) => input.value.trim() === '');
    if (empty) return { board: null, problem: `fill in the ${empty[1]}` };
    const [width, height, mines] = this.fields.map(([input]) => Number(input.value));
    const problem = Minefield.boardProblem(width, height, mines);
    return problem === undefined ? { board: { width, height, mines }, problem: null } : { board: null, problem };
  }

  /** Says what is wrong with the numbers now in the form, as a sentence; '' when nothing. */
  sayProblem() {
    const { problem } = this.read();
    this.error.textContent = problem ? `${problem[0].toUpperCase()}${problem.slice(1)}.` : '';
    return problem ?? '';
  }
}

// A custom deal's form (Minesweeper's Custom board): a number field per field of the engine's
// customFields(), each `<input name="<field>">` in the game's dialog, its limits from the engine;
// the numbers checked by the engine as they are typed (customLink: its own words, in one line
// above Start, "the width must be 5 to 50 squares, got 60").
//
// The dialog (the game's view.html) holds a <form method="dialog"> with the fields, a line
// `.custom-error` for what is wrong, and a submit button of value "start".

export class CustomForm {
  /**
   * @param {HTMLDialogElement} dialog  the game's form's dialog
   * @param {object} rules  the engine's class (customFields, customLink)
   * @param {(link: string | null) => void} chosen  the deal the player started (a link's text
   *   without a seed, which rules.fromLink deals), or null (cancelled)
   */
  constructor(dialog, rules, chosen) {
    this.dialog = dialog;
    this.rules = rules;
    this.error = dialog.querySelector('.custom-error');
    this.fields = rules.customFields().map((field) => {
      const input = dialog.querySelector(`input[name="${field.name}"]`);
      Object.assign(input, { min: field.min, max: field.max });
      return { ...field, input };
    });
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
    dialog.addEventListener('close', () => chosen(dialog.returnValue === 'start' ? this.read().link : null));
  }

  /** Opens the form with `game`'s own numbers in it. */
  open(game) {
    const values = game.customValues();
    this.fields.forEach(({ input }, i) => {
      input.value = String(values[i] ?? '');
    });
    this.error.textContent = '';
    this.dialog.returnValue = '';
    this.dialog.showModal();
  }

  /** The deal in the form ({link}), or what is wrong with it ({problem}). */
  read() {
    // An empty field (or one the browser could not read as a number) has nothing to check yet.
    const empty = this.fields.find(({ input }) => input.value.trim() === '');
    if (empty) return { link: null, problem: `fill in the ${empty.label.toLowerCase()}` };
    const made = this.rules.customLink(this.fields.map(({ input }) => Number(input.value)));
    return made.ok ? { link: made.link, problem: null } : { link: null, problem: made.reason };
  }

  /** Says what is wrong with the numbers now in the form, as a sentence; '' when nothing. */
  sayProblem() {
    const { problem } = this.read();
    this.error.textContent = problem ? `${problem[0].toUpperCase()}${problem.slice(1)}.` : '';
    return problem ?? '';
  }
}

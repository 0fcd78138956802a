// A custom deal's form (Minesweeper's Custom board): a number field per field of the engine's
// customFields(), named and bounded by the engine; the numbers checked by the engine as they are
// typed (customLink: its own words, in one line above Start, "the width must be 5 to 50
// squares, got 60", said once typing pauses). Enter in a field starts the board, as Start does;
// Cancel and Esc close it unchanged. The form, its dialog and its stylesheet come with this
// module, the first time a player opens it: a first load carries none of them.

import { addStylesheet, make } from '../ui/ui.js';

const stylesheet = () => addStylesheet(new URL('../../css/custom-form.css', import.meta.url).href);

/** How long typing stops before the numbers are checked and any problem said. */
const TYPING_PAUSE_MS = 700;

/** The dialog, in the view's <main> (ids `<id>`, `<id>-title`, `custom-<field>` for each field,
 * `custom-error`, `custom-start`, `custom-cancel`). */
function makeDialog(id, title, fields) {
  // Cancel is no submit button: the first one is the one Enter in a field presses, Start.
  const button = (value, text, quiet) => make('button', { type: quiet ? 'button' : 'submit', id: `custom-${value}`, value, className: quiet ? 'button button-quiet' : 'button', textContent: text });
  const dialog = make('dialog', { id, className: 'dialog' },
    make('form', { method: 'dialog', className: 'dialog-body custom-form', noValidate: true },
      make('h2', { id: `${id}-title`, className: 'dialog-title', textContent: title }),
      make('div', { className: 'custom-fields' }, ...fields.map(({ name, label }) => make('label', {}, label,
        make('input', { id: `custom-${name}`, name, type: 'number', inputMode: 'numeric', step: '1', required: true })))),
      make('p', { id: 'custom-error', className: 'custom-error', ariaLive: 'polite' }),
      make('div', { className: 'dialog-buttons' }, button('cancel', 'Cancel', true), button('start', 'Start', false))));
  dialog.setAttribute('aria-labelledby', `${id}-title`);
  document.getElementById('board').closest('main').append(dialog);
  return dialog;
}

export class CustomForm {
  /**
   * @param {object} rules  the engine's class (customFields, customLink)
   * @param {(link: string | null) => void} chosen  the deal the player started (a link's text
   *   without a seed, which rules.fromLink deals), or null (cancelled)
   * @param {{id: string, title: string}} dialog  the dialog's id and title ("Custom board")
   */
  constructor(rules, chosen, { id, title }) {
    const fields = rules.customFields();
    const dialog = makeDialog(id, title, fields);
    this.dialog = dialog;
    this.rules = rules;
    this.error = dialog.querySelector('.custom-error');
    this.fields = fields.map((field) => {
      const input = dialog.querySelector(`input[name="${field.name}"]`);
      Object.assign(input, { min: field.min, max: field.max });
      return { ...field, input };
    });
    const form = dialog.querySelector('form');
    form.addEventListener('submit', (event) => {
      if (this.sayProblem()) event.preventDefault();
    });
    dialog.querySelector('#custom-cancel').addEventListener('click', () => dialog.close('cancel'));
    // A message is about the numbers it was given: a field being changed clears it, and once
    // typing pauses, or a field is left or stepped, what is wrong with the new numbers is said.
    let pause = 0;
    form.addEventListener('input', () => {
      this.error.textContent = '';
      clearTimeout(pause);
      pause = setTimeout(() => this.sayProblem(), TYPING_PAUSE_MS);
    });
    form.addEventListener('change', () => {
      clearTimeout(pause);
      this.sayProblem();
    });
    dialog.addEventListener('close', () => chosen(dialog.returnValue === 'start' ? this.read().link : null));
  }

  /** Opens the form with `game`'s own numbers in it (once its stylesheet is in). */
  async open(game) {
    await stylesheet();
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

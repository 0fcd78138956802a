// The Settings dialog (its theme and motion radios and vibration switch are in the page; the
// letter keys' and short announcements' switches are made here), wired to the player's settings
// (settings.js): a change in it is kept and applied at once, and a change made in another tab
// shows in it. Loaded when Settings is first pressed, or a moment after the first board: no
// first load carries it.

import { CHOICES, canVibrate } from './settings.js';
import { addStylesheet } from '../ui/ui.js';

/** Its look (css/settings.css), out of the page's first paint. */
const stylesheet = addStylesheet(new URL('../../css/settings.css', import.meta.url).href);

/** The switches made in the dialog rather than in the page (whose every byte counts against
 * the first paint), by setting: its input's id, label and note. */
const MADE = {
  letters: ['letter-keys', 'Letter keys', 'W A S D and H J K L move, U undoes, R redoes, I hints, P plays on, F swaps dig and flag, / asks the board. Off, only the arrows, Enter, Space, Ctrl+Z and Ctrl+Y play: for speech input, and a screen reader’s own keys.'],
  short: ['short-speech', 'Short announcements', 'A move says only where the game stands (the score, the gap, whose turn); ask the board “last” for the rest. Either way, a burst of keys is said once, after its last move.'],
};

/** The dialogs already wired. */
const wired = new WeakSet();

/** Wires `dialog`'s inputs to `settings`, once, and shows their values. */
export function bindSettings(settings, dialog) {
  if (wired.has(dialog)) return;
  wired.add(dialog);
  const vibrate = dialog.querySelector('#vibrate');
  if (!canVibrate) {
    vibrate.disabled = true;
    dialog.querySelector('#vibrate-note').hidden = false;
  }
  const switches = { vibrate, ...madeSwitches(dialog) };
  dialog.addEventListener('change', (event) => {
    const input = event.target;
    const name = Object.keys(switches).find((key) => switches[key] === input);
    if (name) settings.set(name, input.checked);
    else if (Object.hasOwn(CHOICES, input.name)) settings.set(input.name, input.value);
  });
  settings.onChange = () => show(settings, dialog);
  show(settings, dialog);
}

/** Opens `dialog` on `settings`' values, once it has its look. */
export async function showSettings(settings, dialog) {
  bindSettings(settings, dialog);
  show(settings, dialog);
  await stylesheet;
  if (!dialog.open) dialog.showModal();
}

/** Shows the current values in the dialog's inputs. */
function show(settings, dialog) {
  for (const name of Object.keys(CHOICES)) {
    for (const input of dialog.querySelectorAll(`input[name="${name}"]`)) {
      input.checked = input.value === settings.values[name];
    }
  }
  dialog.querySelector('#vibrate').checked = settings.vibrate;
  dialog.querySelector('#letter-keys').checked = settings.values.letters;
  dialog.querySelector('#short-speech').checked = settings.values.short;
}

/** MADE's switches, put in the dialog after the vibration's: each setting's input, by name. */
function madeSwitches(dialog) {
  const doc = dialog.ownerDocument;
  const inputs = {};
  let last = dialog.querySelector('#vibrate-note');
  for (const [name, [id, label, text]] of Object.entries(MADE)) {
    const toggle = Object.assign(doc.createElement('div'), { className: 'toggle' });
    const input = Object.assign(doc.createElement('input'), { type: 'checkbox', id });
    input.setAttribute('aria-describedby', `${id}-note`);
    toggle.append(input, Object.assign(doc.createElement('label'), { htmlFor: id, textContent: label }));
    const note = Object.assign(doc.createElement('p'), { id: `${id}-note`, className: 'setting-note', textContent: text });
    last.after(toggle, note);
    last = note;
    inputs[name] = input;
  }
  return inputs;
}

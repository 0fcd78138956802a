// Loads the helpers' script (helpers/buttons.js) for a game whose engine has helpers. It comes
// a moment after the page has loaded, as what else comes later does (app/later.js), so no first
// load carries it, or at once for a player who asks first (I or P, a tap on Hint, Autoplay or
// Solve): what was asked is kept here and done when the script comes. The wiring of a game with
// helpers (<route>/mount.js) hands this loader to its shell, so the mid end imports nothing of
// the helpers.

import { helperKey, onKey } from '../input/keys.js';
import { afterLoad } from '../ui/after-load.js';
import { readSpeed } from './autoplay-speed.js';

/**
 * The helpers of `shell`'s game, once their script has come: a promise of a Later
 * (helpers/later.js), or of null if the route closed first.
 * @param {import('../midend/shell.js').GameShell} shell
 */
export function loadHelpers(shell) {
  const helps = shell.helps();
  const { doc } = shell; // the page: its buttons, and its keys
  // The kept speed shows from the first board, not from when the helpers' script comes.
  const speed = doc.getElementById('autoplay-speed');
  if (speed) speed.value = String(readSpeed(shell.storage));
  /** The helpers asked for before their script came, in order: "hint", "autoplay", "solve". */
  const asked = [];
  let script = null;
  const offKeys = onKey(doc, 'helpers', (event) => {
    // P is Autoplay's key, or Solve's in a game that has Solve.
    const key = helperKey(event);
    const help = key === 'autoplay' && !helps.includes('autoplay') ? 'solve' : key;
    if (!helps.includes(help) || shell.dialogOpen) return;
    event.preventDefault();
    if (event.repeat) return;
    asked.push(help);
    come();
  });
  const onClick = (event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button || !helps.includes(button.id) || button.disabled) return;
    asked.push(button.id);
    come();
  };
  doc.addEventListener('click', onClick);
  const stop = () => {
    offKeys();
    doc.removeEventListener('click', onClick);
  };
  const come = () => (script ??= import(new URL('./buttons.js', import.meta.url).href).then(
    (buttons) => {
      stop();
      return shell.destroyed ? null : buttons.laterHelpers(shell, asked);
    },
    (error) => {
      stop();
      console.warn('gridplay: the helpers did not load', error);
      return null;
    },
  ));
  return afterLoad(1000).then(come);
}

// The helpers a game offers beside its board (its engine's helps(): "hint", "autoplay",
// "solve"), for every game that has them. Their buttons are in the page from the first paint
// (the build writes them into the view where it says `<!-- build: helpers -->`, from
// helperButtons below), but their code (helpers/controls.js, with the helpers' worker) is
// a script of its own, loaded in the frame after the first board is drawn, so nothing the first
// board does not need loads or runs before it. A click on one of the buttons, or a key for them
// (I, P), before then loads it at once and does what was asked. This module is a script of its
// own too, which load-helpers.js loads a moment after the page's load, only for an engine
// that has helpers.

import { helperKey } from '../input/keys.js';
import { Later } from './later.js';
import { SPEEDS } from './autoplay-speed.js';

/** The buttons of `helps` (a class's helps()), as the view's markup. */
export function helperButtons(helps) {
  const buttons = {
    hint: '<button type="button" id="hint" class="button button-quiet" aria-keyshortcuts="I" title="Hint (I)">Hint</button>',
    autoplay: `<button type="button" id="autoplay" class="button button-quiet" aria-pressed="false" aria-keyshortcuts="P" title="Autoplay (P)"><svg class="autoplay-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path class="icon-play" d="M8 5.5v13l10-6.5z"/><path class="icon-stop" d="M7 7h10v10H7z"/></svg>Autoplay</button>
      <label class="helper-speed" for="autoplay-speed">Speed <input type="range" id="autoplay-speed" min="1" max="${SPEEDS.length}" step="1" value="3"></label>`,
    solve: '<button type="button" id="solve" class="button button-quiet" aria-pressed="false" aria-keyshortcuts="P" title="Solve (P)">Solve</button>',
  };
  return helps.map((help) => buttons[help]).join('\n      ');
}

/** What each helper's button or key does to the controls: Autoplay and Solve start or stop. */
const METHODS = { hint: 'hint', autoplay: 'toggle', solve: 'toggle' };

/**
 * The helpers of the game `port` is of (none if its engine offers none): made in the frame
 * after the first board is drawn, or at once for one of their buttons or keys, or for `asked`
 * (the helpers asked for before this script came); they end when the route closes.
 * @param {import('./load-helpers.js').HelpersPort} port  what the helpers see of the game
 * @param {string[]} [asked]
 */
export function laterHelpers(port, asked = []) {
  const { doc, helps } = port;
  if (helps.length === 0) return null;
  const byId = (id) => doc.getElementById(id);
  const key = (helper) => (event) => helperKey(event) === helper && !port.blocked();
  const clicks = Object.entries(METHODS)
    .filter(([id]) => helps.includes(id) && byId(id)).map(([id, method]) => [byId(id), method]);
  const keys = [[key('hint'), METHODS.hint]];
  if (helps.includes('autoplay') || helps.includes('solve')) keys.push([key('autoplay'), METHODS.autoplay]);
  const controls = new Later(
    () => import(new URL('./controls.js', import.meta.url).href).then(({ HelperControls }) => new HelperControls(port)),
    { clicks, keys },
  );
  const unwatch = port.watch((what) => {
    if (what !== 'destroy') return;
    unwatch();
    controls.destroy();
  });
  for (const help of asked) controls.call(METHODS[help]);
  // After the frame that draws the first board, not in it.
  requestAnimationFrame(() => setTimeout(() => {
    if (!port.closed()) controls.get().catch((error) => console.warn('gridplay: the helpers did not load', error));
  }));
  return controls;
}

// Loads the helpers' script (helpers/buttons.js) for a game whose engine has helpers. It comes
// a moment after the page has loaded, as what else comes later does (app/later.js), so no first
// load carries it, or at once for a player who asks first (I or P, a tap on Hint, Autoplay or
// Solve): what was asked is kept here and done when the script comes. The wiring of a game with
// helpers (<route>/mount.js) hands this loader to the mid end, so the mid end imports nothing of
// the helpers; the mid end hands it back a port (HelpersPort, below), all the helpers see of
// the game.

import { helperKey, onKey } from '../input/keys.js';
import { afterLoad } from '../ui/after-load.js';
import { readSpeed } from './autoplay-speed.js';

/**
 * What the helpers are given of the game, and all they see of it: values that stay, and
 * functions for what changes or what they ask.
 * @typedef {object} HelpersPort
 * @property {Document} doc  the page: the helpers' buttons, their keys, the hint's arrow
 * @property {HTMLElement} board  the game's board (#board): a press on it stops Autoplay or Solve
 * @property {object} storage  where Autoplay's speed is kept (store/)
 * @property {string} name  the game, by its route ('2048', 'fifteen'): what the worker is asked about
 * @property {string[]} helps  the helpers the engine offers: "hint", "autoplay", "solve"
 * @property {() => object | null} game  the game shown (null once the route has closed)
 * @property {() => boolean} closed  true once the route has closed
 * @property {() => boolean} blocked  true while a dialog is open (the board takes no input)
 * @property {() => boolean} replaying  true while a replay's step is shown in the game's place
 * @property {() => boolean} paused  true while a timed game is paused (its board hidden)
 * @property {(game?: object) => boolean} isEnded  true once `game` (the game shown) has ended
 * @property {() => boolean} busy  true while a move is drawn or more wait
 * @property {() => Promise<void>} idle  resolves once every move queued is played and drawn
 * @property {(fn: (what: string, detail?: object) => void) => () => void} watch  hears the
 *           game's events (midend/watchers.js); returns what stops it
 * @property {(move: any) => void} play  queues one of the engine's moves as the helper's, after
 *           what waits (dropped while a dialog is open)
 * @property {(kind: 'hints' | 'moves', game: object) => void} helped  `game` took help: it
 *           counts "with help"
 * @property {(kind: 'hint' | 'moves') => Promise<boolean>} mayHelp  whether the game shown may
 *           take help of `kind` now: a game of the player's own asks first (standing.js)
 * @property {boolean} marksHints  true iff the view marks a hint on its board itself (else the
 *           helpers' arrow points the hint's direction)
 * @property {(move: any) => void} showHint  marks the hint `move` on the board; null takes it off
 * @property {(move: any, game: object) => string | undefined} hintText  the hint `move` in
 *           the view's words, or undefined where the view has none
 * @property {() => void} redrawEndFacts  draws the game-over panel's details again if it is open
 * @property {(text: string) => void} announce  says `text` in the live region
 * @property {(text: string) => void} notice  shows `text` as a notice (a hint where the view has
 *           no helper's line)
 * @property {(on: boolean) => void} thinking  a hint is being worked out (true), or is in (false):
 *           a timed game's clock stands meanwhile
 */

/**
 * The helpers of the game `port` is of, once their script has come: a promise of a Later
 * (helpers/later.js), or of null if the route closed first.
 * @param {HelpersPort} port
 */
export function loadHelpers(port) {
  const { doc, helps } = port; // the page (its buttons, and its keys), and the helpers offered
  // The kept speed shows from the first board, not from when the helpers' script comes.
  const speed = doc.getElementById('autoplay-speed');
  if (speed) speed.value = String(readSpeed(port.storage));
  /** The helpers asked for before their script came, in order: "hint", "autoplay", "solve". */
  const asked = [];
  let script = null;
  const offKeys = onKey(doc, 'helpers', (event) => {
    // P is Autoplay's key, or Solve's in a game that has Solve.
    const key = helperKey(event);
    const help = key === 'autoplay' && !helps.includes('autoplay') ? 'solve' : key;
    if (!helps.includes(help) || port.blocked()) return;
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
      return port.closed() ? null : buttons.laterHelpers(port, asked);
    },
    (error) => {
      stop();
      console.warn('gridplay: the helpers did not load', error);
      return null;
    },
  ));
  return afterLoad(1000).then(come);
}

// Hint and Autoplay come after the first board: their code (shared/ai-controls.js, with the
// helpers' client) is a script of its own, loaded once the board is up, so nothing the first
// board does not need loads or runs before it. Their buttons are made with them, into the row
// the view keeps for them (#ai-row, its height kept from the first paint by css/ai.css, which
// the build puts in the page with this module); a key for them pressed before then (I, P)
// loads them at once and does what it asked.

import { helperKey } from './input.js';
import { Later } from './later.js';

/**
 * The AI's controls of `shell`'s game (Threes, 2048): made in the frame after the first board
 * is drawn, or at once for one of their keys; they end with the shell.
 */
export function laterAiControls(shell) {
  const key = (helper) => (event) => helperKey(event) === helper && !shell.dialogOpen;
  const controls = new Later(
    () => import(new URL('./ai-controls.js', import.meta.url).href).then(({ AiControls }) => new AiControls(shell)),
    { keys: [[key('hint'), 'hint'], [key('autoplay'), 'toggle']] },
  );
  const unwatch = shell.watch((what) => {
    if (what !== 'destroy') return;
    unwatch();
    controls.destroy();
  });
  // After the frame that draws the first board, not in it.
  requestAnimationFrame(() => setTimeout(() => {
    if (!shell.destroyed) controls.get().catch((error) => console.warn('gridplay: the AI\'s controls did not load', error));
  }));
  return controls;
}

// 2048 in the app: loads the WebAssembly engine and wires the 2048 view into the shared shell,
// with undo and the win panel ("You win!" once a 2048 is made; Keep going or New game).
// app.js imports this module when the #2048 route first opens, puts the view's markup
// (2048/view.html) in the page, then calls mount().
//
// The win panel shows once per game, while the game can go on (a finished game shows its
// game-over panel): choosing Keep going (or closing it with Esc) is stored under
// gridplay.2048.kept-going (the day's deal's under gridplay.2048.daily.kept-going) as the
// game's seed, so it does not come back after a reload or after undoing and making 2048
// again. A new game forgets it. A reload while the panel is still open (no choice made yet)
// shows it again.

import init, { Game2048, initSync } from '../../pkg/2048.js';
import { DIRECTION_MOVES } from '../input/directions.js';
import { loadHelpers } from '../helpers/load-helpers.js';
import { instantiate } from '../midend/instantiate.js';
import { GameShell } from '../midend/shell.js';
import { View2048 } from './view.js';

const byId = (id) => document.getElementById(id);

export { dailySeed } from '../../pkg/2048.js';

/** As threes/mount.js's mount(): starts 2048 in the view now in the page; resolves to the shell. */
export async function mount(app) {
  await instantiate(app.engine, { init, initSync });

  const { storage } = app;
  const winDialog = byId('win-dialog');
  const KEPT_GOING = `gridplay.2048${app.slot ? `.${app.slot}` : ''}.kept-going`;

  const keptGoing = (game) => storage.get(KEPT_GOING) === String(game.seed());

  /** Opens the win panel if this game has a 2048 and the player has not chosen to go on. */
  const offerWin = (game) => {
    const { made2048, score: points } = game.readouts();
    if (!made2048 || game.status() !== 'playing' || keptGoing(game) || winDialog.open || !winDialog.isConnected) return;
    const score = String(points);
    byId('win-score').textContent = score;
    byId('win-score').dataset.value = score;
    winDialog.returnValue = '';
    winDialog.showModal();
  };

  const view = new View2048({ popups: byId('score-popups') });

  const shell = new GameShell({
    ...DIRECTION_MOVES,
    loadHelpers,
    name: '2048',
    rules: Game2048,
    view,
    storage,
    slot: app.slot,
    slideMs: 100,
    // (Won once a 2048 is made, whether or not the player kept going after it: its status.)
    panel: { title: 'Game over!', line: 'Final score {}' },
  });
  shell.watch((what, { restored }) => {
    if (what === 'dealt' && !restored) storage.remove(KEPT_GOING);
    if (what === 'dealt' || what === 'drawn') offerWin(shell.game);
  });

  winDialog.addEventListener('close', () => {
    if (!shell.game || shell.destroyed || !winDialog.isConnected) return;
    if (winDialog.returnValue === 'new') {
      shell.newGame();
      return;
    }
    // Keep going, or Esc: either way the player goes on with this game.
    const { game } = shell;
    storage.set(KEPT_GOING, String(game.seed()));
    shell.announce(`Keep going. ${shell.statusText(shell.game)}`);
    shell.checkGameOver();
  });

  app.start(shell);
  return shell;
}

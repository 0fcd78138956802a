// Threes in the app: loads the WebAssembly engine and wires the Threes view into the shared
// shell. app.js imports this module when the #threes route first opens, puts the view's markup
// (threes/view.html) in the page, then calls mount(). A deal is its seed (#threes/seed=N),
// which the engine reads and writes (the game contract).

import init, { ThreesGame, initSync } from '../../pkg/threes.js';
import { DIRECTION_MOVES } from '../input/directions.js';
import { loadHelpers } from '../helpers/load-helpers.js';
import { instantiate } from '../midend/instantiate.js';
import { GameShell } from '../midend/shell.js';
import { ThreesView } from './view.js';

export { dailySeed } from '../../pkg/threes.js';

/**
 * Starts Threes in the view now in the page. `app` gives what outlives the view: storage, the
 * slot ('daily' for the day's deal), the engine's wasm (a fetch already
 * under way) and start(shell), which starts the game as the address asks (the game kept, a
 * shared link's deal, the day's deal). Resolves to the shell (destroy() it when the route
 * closes); rejects if the engine did not load.
 */
export async function mount(app) {
  await instantiate(app.engine, { init, initSync });

  const shell = new GameShell({
    ...DIRECTION_MOVES,
    loadHelpers,
    name: 'threes',
    rules: ThreesGame,
    view: new ThreesView({ next: document.getElementById('next') }),
    storage: app.storage,
    slot: app.slot,
    panel: { title: 'Out of moves!', line: 'Final score {}', wide: true },
  });
  app.start(shell);
  return shell;
}

// Threes in the app: loads the WebAssembly engine and wires the Threes view into the shared
// shell. app.js imports this module when the #threes route first opens, puts the view's markup
// (template#view-threes) in the page, then calls mount().

import init, { ThreesGame } from '../../pkg/gridplay.js';
import { GameShell } from '../shared/shell.js';
import { ThreesView } from './view.js';

/**
 * Starts Threes in the view now in the page. `app` gives what outlives the view: storage, the
 * seed of a shared link (or null), the feedback hook, and the engine's wasm (a fetch already
 * under way). Resolves to the shell (destroy() it when the route closes); rejects if the
 * engine did not load.
 */
export async function mount(app) {
  await init({ module_or_path: app.engine });

  const shell = new GameShell({
    name: 'threes',
    createGame: (seed) => (seed === undefined ? new ThreesGame() : new ThreesGame(seed)),
    loadGame: (text) => ThreesGame.load(text),
    view: new ThreesView({ next: document.getElementById('next') }),
    storage: app.storage,
    feedback: app.feedback,
  });
  shell.start({ seed: app.seed });
  return shell;
}

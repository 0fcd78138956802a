// Threes in the app: loads the WebAssembly engine and wires the Threes view into the shared
// shell. app.js imports this module when the #threes route first opens, puts the view's markup
// (template#view-threes) in the page, then calls mount().

import init, { ThreesGame } from '../pkg/gridplay.js';
import { GameShell } from './shell.js';
import { ThreesView } from './threes-view.js';

const byId = (id) => document.getElementById(id);

/**
 * Starts Threes in the view now in the page. `app` gives what outlives the view: storage, the
 * seed of a shared link (or null), the feedback hook, and the engine's wasm (a fetch already
 * under way). Resolves to the shell (destroy() it when the route closes); rejects if the
 * engine did not load.
 */
export async function mount(app) {
  await init({ module_or_path: app.engine });

  const view = new ThreesView({
    board: byId('board'),
    tiles: byId('tiles'),
    next: byId('next'),
    score: byId('score'),
    best: byId('best'),
  });

  const shell = new GameShell({
    name: 'threes',
    createGame: (seed) => (seed === undefined ? new ThreesGame() : new ThreesGame(seed)),
    loadGame: (text) => ThreesGame.load(text),
    view,
    storage: app.storage,
    feedback: app.feedback,
    elements: {
      board: byId('board'),
      newGame: byId('new-game'),
      confirmDialog: byId('confirm-dialog'),
      gameOverDialog: byId('game-over'),
      finalScore: byId('final-score'),
      scoreSheet: byId('score-sheet'),
      notices: byId('notices'),
      announcer: byId('announcer'),
    },
  });
  shell.start({ seed: app.seed });
  return shell;
}

// Lights Out in the app: the test game's engine on the shared shell. The shell keeps the game,
// undo, the bests (fewest presses), the save and the ending; this wires the squares' one act,
// "press", to a tap and to the cell cursor's keys (the engine's onSquare, through the shell).

import init, { LightsOut, initSync } from '../../pkg/lights.js';
import { squareButtons } from '../input/cursor.js';
import { instantiate } from '../midend/instantiate.js';
import { GameShell } from '../midend/shell.js';
import { LightsView } from './view.js';

// The day's deal (#lights/daily, for its `daily` in the list of games) is dealt from the seed
// this gives: the app takes it from the game's module.
export { dailySeed } from '../../pkg/lights.js';

export async function mount(app) {
  await instantiate(app.engine, { init, initSync });
  const view = new LightsView();
  const shell = new GameShell({
    name: 'lights',
    rules: LightsOut,
    view,
    storage: app.storage,
    slot: app.slot,
    panel: { title: 'Lights out!', line: 'Solved in {} presses', sheet: 'solved-sheet' },
    // A tap on a square, or the cell cursor's Enter: the engine's one act there.
    input: (port) => squareButtons(port, view),
  });
  app.start(shell);
  return shell;
}

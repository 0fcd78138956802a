// The sliding puzzle (8, 15, 24) in the app: the Fifteen engine on the shared shell, which keeps
// the size picker's ask-first, the clock (from the first move to the solve, kept with the game),
// the bests per size (fewest moves, and quickest time) and the solved panel's facts; the
// solver's Hint and Solve are the shared helpers' (the engine offers them: helpers/buttons.js).
//
// Moves, as the engine's play() takes them: a tile's cell for a tap (it and every tile up to
// the gap slide) and a direction ("up", "down", "left", "right") for a swipe or an arrow key
// (the tile beside the gap moves that way).

import init, { Fifteen, initSync } from '../../pkg/fifteen.js';
import { DIRECTION_MOVES } from '../input/directions.js';
import { loadHelpers } from '../helpers/load-helpers.js';
import { kindChoice } from '../midend/choice.js';
import { instantiate } from '../midend/instantiate.js';
import { GameShell } from '../midend/shell.js';
import { FifteenView } from './view.js';

export { dailySeed } from '../../pkg/fifteen.js';

const byId = (id) => document.getElementById(id);

export async function mount(app) {
  await instantiate(app.engine, { init, initSync });
  const view = new FifteenView();

  const shell = new GameShell({
    // Swipes and arrow keys move the tile beside the gap; a tap (or Enter on a focused tile)
    // slides the tiles from it to the gap.
    ...DIRECTION_MOVES,
    loadHelpers,
    name: 'fifteen',
    storage: app.storage,
    slot: app.slot,
    rules: Fifteen,
    view,
    slideMs: 110,
    // The sizes are the engine's presets (its picker written into the page by the build).
    params: kindChoice(Fifteen, {
      name: 'size', picker: byId('size-picker'),
      question: (link, size) => ({ title: `Start a ${size.label} puzzle?`, text: 'Your current puzzle will be lost.', ok: 'New puzzle', cancel: 'Keep playing' }),
    }),
    panel: { title: 'Solved!', line: 'Solved in {} moves', sheet: 'solved-sheet' },
  });
  app.start(shell);
  return shell;
}

// The sliding puzzle (8, 15, 24) in the app: the Fifteen engine on the shared shell, which keeps
// the size picker's ask-first, the clock (from the first move to the solve, kept with the game)
// and the bests per size (fewest moves, and quickest time); the solver's Hint and Solve are the
// shared helpers' (the engine offers them: shared/helpers.js).
//
// Moves, as the engine's play() takes them: a tile's cell for a tap (it and every tile up to
// the gap slide) and a direction ("up", "down", "left", "right") for a swipe or an arrow key
// (the tile beside the gap moves that way).

import init, { Fifteen } from '../../pkg/fifteen.js';

export { dailySeed } from '../../pkg/fifteen.js';
import { formatTime } from '../shared/clock.js';
import { nudge } from '../shared/directions.js';
import { DirectionInput } from '../shared/input.js';
import { kindChoice } from '../shared/choice.js';
import { GameShell } from '../shared/shell.js';
import { FifteenView, movesText, slideText } from './view.js';

const byId = (id) => document.getElementById(id);

export async function mount(app) {
  await init({ module_or_path: app.engine });
  const view = new FifteenView({ facts: (game) => solvedFacts(game) });
  const playerMove = (move) => shell.enqueue(move);

  const shell = new GameShell({
    name: 'fifteen',
    storage: app.storage,
    slot: app.slot,
    rules: Fifteen,
    view,
    slideMs: 110,
    undo: true,
    // The sizes are the engine's presets (its picker written into the page by the build).
    params: kindChoice(Fifteen, {
      name: 'size', picker: byId('size-picker'),
      question: (link, size) => ({ title: `Start a ${size.label} puzzle?`, text: 'Your current puzzle will be lost.', ok: 'New puzzle', cancel: 'Keep playing' }),
    }),
    input(shell) {
      const tap = (target) => {
        const cell = view.cellOf(target);
        if (cell !== null) playerMove(cell);
      };
      const swipesAndKeys = new DirectionInput({
        board: shell.el.board, onDirection: playerMove, onTap: tap, isBlocked: () => shell.dialogOpen,
      });
      // Enter or Space on a focused tile: a click with no pointer (detail 0); taps come above.
      const onClick = (event) => {
        if (event.detail === 0) tap(event.target);
      };
      shell.el.board.addEventListener('click', onClick);
      return {
        destroy() {
          swipesAndKeys.destroy();
          shell.el.board.removeEventListener('click', onClick);
        },
      };
    },
    moveText: (move, before, game) => slideText(before, before.indexOf(0), game),
    refuse(move, reason, shell) {
      if (typeof move === 'string') {
        shell.announce(`No tile can move ${move}.`);
        if (!view.reducedMotion) nudge(shell.el.board, move);
        return;
      }
      const tile = shell.game.tiles()[move];
      if (tile) {
        shell.announce(`Tile ${tile} is not in line with the gap.`);
        view.shake(tile);
      }
    },
    panel: { title: 'Solved!', line: 'Solved in {} moves', sheet: 'solved-sheet' },
  });

  /** The solved panel's facts, as [term, value] rows (the view draws them). */
  function solvedFacts(game) {
    const size = game.size();
    const { moves, time } = shell.bests;
    // The solver's solution from the start (the shared helpers work it out once a puzzle is begun).
    const known = shell.helpers?.made?.fromStart;
    const plan = known?.id === game.startId() ? known.plan : null;
    const rows = [
      ['Time', formatTime(shell.clock.ms)],
      [plan && !plan.shortest ? 'Solver’s solution' : 'Optimal', plan ? movesText(plan.moves.length) : 'working it out…'],
      [`Best ${size}×${size}`, moves ? `${movesText(moves)}${time ? `, ${formatTime(time)}` : ''}` : '–'],
    ];
    if (shell.clock.extra.assisted) rows.push(['', 'Solved with the solver’s help: no best recorded.']);
    return rows;
  }

  app.start(shell);
  return shell;
}

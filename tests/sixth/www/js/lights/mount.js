// Lights Out in the app: the test game's engine on the shared shell. The shell keeps the game,
// undo, the bests (fewest presses), the save and the ending; this wires the squares' one act,
// "press", to a tap and to the cell cursor's keys (the engine's onSquare, through the shell).

import init, { LightsOut } from '../../pkg/lights.js';
import { CellCursor } from '../input/cursor.js';
import { GameShell } from '../midend/shell.js';
import { LightsView } from './view.js';

export async function mount(app) {
  await init({ module_or_path: app.engine });
  const view = new LightsView();
  const shell = new GameShell({
    name: 'lights',
    rules: LightsOut,
    view,
    storage: app.storage,
    slot: app.slot,
    panel: { title: 'Lights out!', line: 'Solved in {} presses', sheet: 'solved-sheet' },
    input(shell) {
      const onClick = (event) => {
        const cell = view.cellOf(event.target);
        if (cell === null) return;
        view.setActive(cell, { focus: false });
        shell.enqueue({ act: 'press', cell });
      };
      shell.el.board.addEventListener('click', onClick);
      const cursor = new CellCursor({
        shell,
        where: () => ({ cell: view.active, columns: shell.game.width(), rows: shell.game.height() }),
        moveTo: (cell) => view.setActive(cell),
        act: (key, cell) => shell.enqueue({ act: 'press', cell }),
        cellsClick: true,
      });
      return {
        destroy() {
          shell.el.board.removeEventListener('click', onClick);
          cursor.destroy();
        },
      };
    },
  });
  app.start(shell);
  return shell;
}

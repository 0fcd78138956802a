// Tic-tac-toe in the app: the TicTacToe engine on the shared shell, a game for two (its sides,
// X and O) played by two on one device or against the computer (tictactoe/opponent.js: the mode
// picker, the computer's reply, undo of both moves and the tally of results). Its end shows on
// the board, with Play again (the shell's, for a game with no end panel).
//
// Input: a square's one act, "mark", tapped or by the cell cursor's keys (the engine's onSquare).

import init, { TicTacToe, initSync } from '../../pkg/tictactoe.js';
import { squareButtons } from '../input/cursor.js';
import { Opponent } from './opponent.js';
import { instantiate } from '../midend/instantiate.js';
import { GameShell } from '../midend/shell.js';
import { TicTacToeView } from './view.js';

export async function mount(app) {
  await instantiate(app.engine, { init, initSync });
  const opponent = new Opponent(app, TicTacToe, 'tictactoe');
  // Beside a replay, whose side is whose is the replayed game's, which it does not say.
  const view = new TicTacToeView({ computerMark: () => (opponent.shell?.replaying ? null : opponent.mark), sides: TicTacToe.sides() });

  const shell = new GameShell({
    name: 'tictactoe',
    storage: app.storage,
    rules: TicTacToe,
    view,
    slideMs: 180,
    ...opponent.shellOptions(),
    // A tap on a square, or the cell cursor's Enter: the engine's one act there.
    input: (port) => squareButtons(port, view),
  });
  opponent.attach(shell);
  app.start(shell);
  return shell;
}

// Tic-tac-toe in the app: the TicTacToe engine on the shared shell, for two players on one
// device or against the computer (tictactoe/computer.js: the opponent and who starts, the
// shell's parameter with its ask-first picker, and the computer's reply), with a tally of
// results (tictactoe/tally.js).
//
// Moves, as the engine's play() takes them: a cell, queued by the player or (enqueue's `by`)
// the computer. The computer's move is queued a moment after the player's has been drawn, so
// its answer is seen to come. Undo against the computer takes back its answer and the player's move together.

import init, { TicTacToe } from '../../pkg/tictactoe.js';
import { CellCursor } from '../shared/cursor.js';
import { GameShell } from '../shared/shell.js';
import { placeName } from '../shared/ui.js';
import { Computer, OPPONENTS, readMode } from './computer.js';
import { Tally } from './tally.js';
import { TicTacToeView } from './view.js';

const byId = (id) => document.getElementById(id);

export async function mount(app) {
  await init({ module_or_path: app.engine });
  const el = { opponents: byId('opponent-picker'), starters: byId('starter-picker'), playAgain: byId('play-again'), tally: byId('tally') };
  let shell = null;
  const showTally = () => {
    if (shell?.params) el.tally.textContent = tally.text(shell.params.opponent);
  };
  // Another tab's games count here too, as soon as they are counted there.
  const tally = new Tally(app.storage, OPPONENTS, showTally);

  let computer = null;
  const computerMark = () => computer.mark;
  const isComputers = (mark) => mark === computerMark();

  const view = new TicTacToeView({ computerMark: () => computer.mark });

  /** Play again shows once the game is over, and takes the focus from a cell that no longer
   * takes marks (only if a cell had it: a tap does not move the focus). */
  const syncEnd = (game) => {
    const over = game.isOver();
    const wasHidden = el.playAgain.hidden;
    el.playAgain.hidden = !over;
    if (over && wasHidden && shell.el.board.contains(document.activeElement)) el.playAgain.focus();
  };
  const showMode = (mode) => {
    for (const input of el.opponents.querySelectorAll('input')) input.checked = input.value === mode.opponent;
    for (const input of el.starters.querySelectorAll('input')) input.checked = input.value === mode.starter;
    // Out of use, not out of the page: its row keeps its room, so the board never moves.
    el.starters.inert = mode.opponent === 'two';
    el.tally.textContent = tally.text(mode.opponent);
  };
  const onPick = (event) => shell.choose({ ...shell.params, [event.target.name === 'opponent' ? 'opponent' : 'starter']: event.target.value });
  el.opponents.addEventListener('change', onPick);
  el.starters.addEventListener('change', onPick);
  el.playAgain.addEventListener('click', () => shell.newGame());

  shell = new GameShell({
    name: 'tictactoe',
    storage: app.storage,
    rules: TicTacToe,
    view,
    slideMs: 180,
    params: {
      name: 'mode', read: readMode, write: JSON.stringify, fallback: readMode(null), of: () => null, show: showMode,
      question: () => ({ title: 'Start a new game?', text: 'The game in progress ends unfinished.', ok: 'New game', cancel: 'Keep playing' }),
    },
    // Against the computer, one undo takes back its answer and the player's move: the player
    // is to move again. Its opening move alone is not the player's to take back.
    undo(game) {
      computer.cancel();
      const mine = computerMark();
      const you = mine === 'X' ? 'O' : 'X';
      let undone = false;
      if (!mine) undone = game.undo();
      else if (game.marks().includes(you)) {
        do game.undo(); while (game.turn() !== you);
        undone = true;
      }
      syncEnd(game); // a finished game undone goes on: Play again goes
      return undone;
    },
    input(shell) {
      const onClick = (event) => {
        const cell = view.cellOf(event.target);
        if (cell === null) return;
        view.setActive(cell, { focus: false });
        shell.enqueue(cell);
      };
      shell.el.board.addEventListener('click', onClick);
      const cursor = new CellCursor({
        shell,
        where: () => ({ cell: view.active, columns: 3, rows: 3 }),
        moveTo: (cell) => view.setActive(cell),
        act: (key, cell) => shell.enqueue(cell),
        cellsClick: true,
      });
      return {
        destroy() {
          shell.el.board.removeEventListener('click', onClick);
          cursor.destroy();
        },
      };
    },
    // The computer's turn is the computer's: the player's taps wait for their own.
    mayPlay: (game, cell, by) => (by !== 'computer' && isComputers(game.turn()) ? 'Wait: the computer is choosing.' : null),
    moveText: (cell, before, game) => `${game.marks()[cell]} in ${placeName(cell, 3)}.`,
    refuse(cell, reason, shell) {
      const mark = shell.game.marks()[cell];
      if (mark) {
        shell.announce(`That square already holds an ${mark}.`);
        view.shake(cell);
      }
    },
    // Its end is shown on the board (no panel), and the player's outcome is whose win it is:
    // between two players on one device, neither side's win is the player's.
    outcome(game) {
      const winner = game.winner();
      return !winner ? 'drawn' : !computerMark() ? '' : (isComputers(winner) ? 'lost' : 'won');
    },
    onGame(game) {
      syncEnd(game);
      computer.play();
    },
    onMove(game) {
      syncEnd(game);
      computer.play();
    },
    onDestroy: () => {
      computer.cancel();
      tally.unwatch();
    },
  });
  computer = new Computer(shell);
  // Counted once a game, when it first ends (in whichever tab): not again after an undo.
  shell.watch((what) => {
    if (what !== 'ended') return;
    const winner = shell.game.winner();
    tally.record(shell.params.opponent, { winner, mine: computerMark() ? !isComputers(winner) : winner === 'X' });
    showTally();
  });
  app.start(shell);
  return shell;
}

// Tic-tac-toe in the app: the TicTacToe engine on the shared shell, for two players on one
// device (seed 003's game) or against the computer, perfect (the engine's bestMove) or easy
// (a third of its moves at random), with the player starting or the computer.
//
// Moves, as the shell queues them: {cell, by} where `by` is "player" or "computer". The
// computer's move is queued a moment after the player's has been drawn, so its answer is seen
// to come. Undo against the computer takes back its answer and the player's move together.
//
// Kept beside the shell's save: the opponent and who starts (gridplay.tictactoe.mode), the
// tally of results per opponent (gridplay.tictactoe.tally, each game counted once, when it
// ends, whatever undo does afterwards), and games played (gridplay.tictactoe.played, for the
// home page).

import init, { TicTacToe } from '../../pkg/tictactoe.js';
import { keyDirection, keysBelongTo } from '../shared/input.js';
import { GameShell } from '../shared/shell.js';
import { TicTacToeView } from './view.js';
import { placeName } from '../shared/ui.js';

const byId = (id) => document.getElementById(id);

const MODE_KEY = 'gridplay.tictactoe.mode';
const TALLY_KEY = 'gridplay.tictactoe.tally';
const TALLIED_KEY = 'gridplay.tictactoe.tallied';
const PLAYED_KEY = 'gridplay.tictactoe.played';

const OPPONENTS = ['two', 'perfect', 'easy'];
const STARTERS = ['you', 'computer'];
/** How often the easy computer plays a random open cell instead of the best one. */
const EASY_SLIPS = 1 / 3;
/** The pause before the computer's answer, after the player's mark has drawn (180 ms): a beat
 * that reads as thinking, under 300 ms in all, so nine moves never drag. */
const ANSWER_MS = 100;

/** Which way the arrow keys move the active cell. */
const STEPS = { up: [0, -1], down: [0, 1], left: [-1, 0], right: [1, 0] };

function readJson(storage, key) {
  try {
    return JSON.parse(storage.get(key) ?? 'null');
  } catch {
    return null;
  }
}

/** The stored opponent and starter, each checked (anything else: two players, you start). */
function readMode(storage) {
  const stored = readJson(storage, MODE_KEY);
  return {
    opponent: OPPONENTS.includes(stored?.opponent) ? stored.opponent : 'two',
    starter: STARTERS.includes(stored?.starter) ? stored.starter : 'you',
  };
}

/** The stored tally: per opponent, whole counts of X wins, O wins and draws (two players) or
 * your wins, the computer's and draws. Anything unreadable counts as 0. */
function readTally(storage) {
  const stored = readJson(storage, TALLY_KEY);
  const count = (n) => (Number.isSafeInteger(n) && n > 0 ? n : 0);
  const tally = {};
  for (const opponent of OPPONENTS) {
    const kept = stored?.[opponent] ?? {};
    tally[opponent] = { x: count(kept.x), o: count(kept.o), draws: count(kept.draws) };
  }
  return tally;
}

export async function mount(app) {
  await init({ module_or_path: app.engine });
  const { storage } = app;
  const el = {
    opponents: byId('opponent-picker'),
    starters: byId('starter-picker'),
    playAgain: byId('play-again'),
    tally: byId('tally'),
  };
  let mode = readMode(storage);
  const tally = readTally(storage);

  /** The computer's mark, or null between two players. */
  const computerMark = () => (mode.opponent === 'two' ? null : (mode.starter === 'computer' ? 'X' : 'O'));
  const isComputers = (mark) => mark === computerMark();

  /** The line above the board, in the words of the chosen opponent. */
  const turnText = (game) => {
    const winner = game.winner();
    const whose = (mark) => (computerMark() ? (isComputers(mark) ? ' (computer)' : ' (you)') : '');
    if (winner) return `${winner} wins${whose(winner)}`;
    if (game.isDraw()) return 'Draw';
    const turn = game.turn();
    return computerMark() && isComputers(turn) ? `${turn}: the computer is choosing` : `${turn} to move${whose(turn)}`;
  };

  const view = new TicTacToeView({ turnText });

  // ---------- the tally ----------

  const drawTally = () => {
    const t = tally[mode.opponent];
    el.tally.textContent = mode.opponent === 'two'
      ? `X won ${t.x} · O won ${t.o} · Draws ${t.draws}`
      : `You won ${t.x} · Computer won ${t.o} · Draws ${t.draws}`;
  };
  /** Counts a finished game once (undo and a different ending do not count it again). */
  const recordResult = (game) => {
    if (storage.get(TALLIED_KEY) === 'yes') return;
    const t = tally[mode.opponent];
    const winner = game.winner();
    if (!winner) t.draws += 1;
    // Against the computer, x counts your wins and o the computer's.
    else if (computerMark() ? !isComputers(winner) : winner === 'X') t.x += 1;
    else t.o += 1;
    storage.set(TALLY_KEY, JSON.stringify(tally));
    storage.set(PLAYED_KEY, String((Number(storage.get(PLAYED_KEY)) || 0) + 1));
    storage.set(TALLIED_KEY, 'yes');
    drawTally();
  };

  // ---------- the computer ----------

  let answer = 0;
  const cancelAnswer = () => {
    clearTimeout(answer);
    answer = 0;
  };
  /** The computer's choice: the best move, or for the easy one now and then any open cell. */
  const choose = (game) => {
    if (mode.opponent === 'easy' && Math.random() < EASY_SLIPS) {
      const open = game.cells().flatMap((mark, cell) => (mark ? [] : [cell]));
      return open[Math.floor(Math.random() * open.length)];
    }
    return game.bestMove();
  };
  /** If it is the computer's turn, its move comes in a moment. */
  const scheduleAnswer = () => {
    cancelAnswer();
    const game = shell.game;
    if (!game || game.isOver() || !isComputers(game.turn())) return;
    answer = setTimeout(() => {
      answer = 0;
      if (shell.destroyed || shell.game !== game || game.isOver() || !isComputers(game.turn())) return;
      // The player is answering a dialog: the computer waits for the board to be back.
      if (shell.dialogOpen) {
        scheduleAnswer();
        return;
      }
      shell.enqueue({ cell: choose(game), by: 'computer' });
    }, ANSWER_MS);
  };

  // ---------- opponent and starter ----------

  const syncPickers = () => {
    for (const input of el.opponents.querySelectorAll('input')) input.checked = input.value === mode.opponent;
    for (const input of el.starters.querySelectorAll('input')) input.checked = input.value === mode.starter;
    // Out of use, not out of the page: its row keeps its room, so the board never moves.
    el.starters.inert = mode.opponent === 'two';
  };
  /** A new opponent or starter: a new game with it (asking first if a game is in progress). */
  const onPick = async (event) => {
    const next = { ...mode, [event.target.name === 'opponent' ? 'opponent' : 'starter']: event.target.value };
    if (!OPPONENTS.includes(next.opponent) || !STARTERS.includes(next.starter)) return;
    if (shell.inProgress && !(await shell.ask({
      title: 'Start a new game?',
      text: 'The game in progress ends unfinished.',
      ok: 'New game',
      cancel: 'Keep playing',
    }))) {
      syncPickers();
      return;
    }
    mode = next;
    storage.set(MODE_KEY, JSON.stringify(mode));
    syncPickers();
    drawTally();
    await shell.newGame();
  };
  el.opponents.addEventListener('change', onPick);
  el.starters.addEventListener('change', onPick);
  el.playAgain.addEventListener('click', () => shell.newGame());

  // ---------- the shell ----------

  const shell = new GameShell({
    name: 'tictactoe',
    storage,
    createGame: () => new TicTacToe(),
    loadGame: (text) => TicTacToe.load(text),
    view,
    slideMs: 180,
    // Against the computer, one undo takes back its answer and the player's move: the player
    // is to move again. Its opening move alone is not the player's to take back.
    undo(game) {
      cancelAnswer();
      const mine = computerMark();
      let undone = false;
      if (!mine) {
        undone = game.undo();
      } else {
        const you = mine === 'X' ? 'O' : 'X';
        if (game.cells().includes(you)) {
          do game.undo(); while (game.turn() !== you);
          undone = true;
        }
      }
      // A finished game undone goes on: Play again goes.
      syncEnd(game);
      return undone;
    },
    input(shell) {
      const onClick = (event) => {
        const cell = view.cellOf(event.target);
        if (cell === null) return;
        view.setActive(cell, { focus: false });
        shell.enqueue({ cell, by: 'player' });
      };
      // The seed's keys: the arrows (and WASD) move the active cell, never off the board;
      // Enter or Space marks it. On a focused cell, Enter and Space are its own click.
      const onKey = (event) => {
        if (event.defaultPrevented || event.isComposing || event.ctrlKey || event.altKey || event.metaKey) return;
        if (keysBelongTo(event.target) || shell.dialogOpen) return;
        const direction = keyDirection(event.key);
        if (direction) {
          event.preventDefault();
          const [dx, dy] = STEPS[direction];
          const x = Math.min(2, Math.max(0, (view.active % 3) + dx));
          const y = Math.min(2, Math.max(0, Math.floor(view.active / 3) + dy));
          view.setActive(y * 3 + x);
          return;
        }
        const onPage = event.target === document.body || event.target === shell.el.board;
        if ((event.key === 'Enter' || event.key === ' ') && onPage) {
          event.preventDefault();
          if (!event.repeat) shell.enqueue({ cell: view.active, by: 'player' });
        }
      };
      shell.el.board.addEventListener('click', onClick);
      document.addEventListener('keydown', onKey);
      return {
        destroy() {
          shell.el.board.removeEventListener('click', onClick);
          document.removeEventListener('keydown', onKey);
        },
      };
    },
    play(game, move) {
      // The computer's turn is the computer's: the player's taps wait for their own.
      if (move.by !== 'computer' && isComputers(game.turn())) return false;
      if (game.isOver() || game.cells()[move.cell] !== '') return false;
      move.mark = game.turn();
      game.play(move.cell);
      return true;
    },
    moveText: (move) => `${move.mark} in ${placeName(move.cell, 3)}.`,
    refuse(move, shell) {
      const game = shell.game;
      if (isComputers(game.turn()) && !game.isOver()) {
        shell.announce('Wait: the computer is choosing.');
        return;
      }
      const mark = game.cells()[move.cell];
      if (mark) {
        shell.announce(`That square already holds an ${mark}.`);
        view.shake(move.cell);
      }
    },
    ending(game) {
      if (!game.isOver()) return null;
      const winner = game.winner();
      const outcome = !winner ? 'drawn' : (isComputers(winner) ? 'lost' : 'won');
      return { panel: false, said: view.status(game), outcome };
    },
    // A tally, not a best: the shell keeps none.
    best: { value: () => null },
    onGame(game) {
      if (game.moveCount() === 0) storage.set(TALLIED_KEY, 'no');
      syncPickers();
      drawTally();
      syncEnd(game);
      scheduleAnswer();
    },
    onMove(game) {
      if (game.isOver()) recordResult(game);
      syncEnd(game);
      scheduleAnswer();
    },
    onDestroy: cancelAnswer,
  });

  /** Play again shows once the game is over, and takes the focus from a cell that no longer
   * takes marks (only if a cell had it: a tap does not move the focus). */
  function syncEnd(game) {
    const over = game.isOver();
    const wasHidden = el.playAgain.hidden;
    el.playAgain.hidden = !over;
    if (over && wasHidden && shell.el.board.contains(document.activeElement)) el.playAgain.focus();
  }

  shell.start();
  return shell;
}

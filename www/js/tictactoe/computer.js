// Who plays tic-tac-toe: two players on one device, or the player against the computer, perfect
// (the engine's bestMove) or easy (a third of its moves at random), the player starting or the
// computer. The mode, {opponent, starter}, is the game's parameter (the shell keeps it, under
// gridplay.tictactoe.mode); the computer's reply comes through the shared helper (helper.js),
// a beat after the player's mark has been drawn, so it is seen to come, and never for a
// position the board has left.

import { Helper } from '../shared/helper.js';

export const OPPONENTS = ['two', 'perfect', 'easy'];
const STARTERS = ['you', 'computer'];
/** How often the easy computer plays a random open cell instead of the best one. */
const EASY_SLIPS = 1 / 3;
/** The pause before the computer's answer, after the player's mark has drawn (180 ms): a beat
 * that reads as thinking, under 300 ms in all, so nine moves never drag. */
const ANSWER_MS = 100;

/** A stored mode, each part checked (anything else: two players, you start). */
export function readMode(text) {
  let stored = null;
  try {
    stored = JSON.parse(text ?? 'null');
  } catch {
    // Unreadable: the defaults.
  }
  return {
    opponent: OPPONENTS.includes(stored?.opponent) ? stored.opponent : 'two',
    starter: STARTERS.includes(stored?.starter) ? stored.starter : 'you',
  };
}

/** The computer's mark in `mode`, or null between two players. */
export const computerMark = (mode) => (mode.opponent === 'two' ? null : (mode.starter === 'computer' ? 'X' : 'O'));

export class Computer {
  /** @param {import('../shared/shell.js').GameShell} shell  its params are the mode */
  constructor(shell) {
    this.shell = shell;
    this._timer = 0;
    /** Ends the beat under way early, with no move (cancel). */
    this._endBeat = () => {};
    this.replies = new Helper(shell, (game) => new Promise((resolve) => {
      this._endBeat = () => resolve(null);
      this._timer = setTimeout(() => resolve(this.choose(game)), ANSWER_MS);
    }));
  }

  get mark() {
    return computerMark(this.shell.params);
  }

  /** The computer's choice: the best move, or for the easy one now and then any open cell. */
  choose(game) {
    if (this.shell.params.opponent === 'easy' && Math.random() < EASY_SLIPS) {
      const open = game.marks().flatMap((mark, cell) => (mark ? [] : [cell]));
      return open[Math.floor(Math.random() * open.length)];
    }
    return game.bestMove();
  }

  /** If it is the computer's turn, its move comes in a moment (once no dialog is open). */
  async play() {
    this.cancel();
    const game = this.shell.game;
    if (!game || game.isOver() || game.turn() !== this.mark) return;
    const cell = await this.replies.ask();
    if (cell === null) return;
    // The player is answering a dialog: the computer waits for the board to be back.
    if (this.shell.dialogOpen) this.play();
    else this.shell.enqueue(cell, 'computer');
  }

  /** No reply comes for the position now (an undo, a new game, the route closed). */
  cancel() {
    clearTimeout(this._timer);
    // The reply asked for is forgotten, and its question answered at once, so nothing waits on it.
    this.replies.forget();
    this._endBeat();
  }
}

// The other side of a game for two (an engine whose sides() names two, tic-tac-toe's X and O):
// another player on the same device, or the computer, perfect (the engine's bestMove) or easy
// (a third of its moves at random), the player starting or the computer. The mode,
// {opponent, starter}, is the game's parameter (the shell keeps it, under
// gridplay.<game>.mode, with the ask-first picker of #opponent-picker and #starter-picker); the
// results are counted per opponent (tally.js, shown in #tally).
//
// The computer's reply comes through the shared helper (helper.js) a beat after the player's
// move has been drawn, so it is seen to come, and never for a position the board has left;
// the player's taps wait while the computer is choosing. Undo against the computer takes back
// its answer and the player's move together: the player is to move again.

import { Helper } from '../helpers/helper.js';
import { Tally } from './tally.js';
import { onPick } from '../input/picker.js';

export const OPPONENTS = ['two', 'perfect', 'easy'];
const STARTERS = ['you', 'computer'];
/** How often the easy computer plays a random legal move instead of the best one. */
const EASY_SLIPS = 1 / 3;
/** The pause before the computer's answer, after the player's move has drawn (180 ms in
 * tic-tac-toe): a beat that reads as thinking, under 300 ms in all, so a game never drags. */
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

export class Opponent {
  /**
   * @param {object} app  the page (its storage)
   * @param {object} rules  the engine's class: sides() names the two
   * @param {string} name  the game's route, which names its keys
   */
  constructor(app, rules, name) {
    this.sides = rules.sides();
    this.shell = null;
    const byId = (id) => document.getElementById(id);
    this.el = { opponents: byId('opponent-picker'), starters: byId('starter-picker'), tally: byId('tally') };
    // Another tab's games count here too, as soon as they are counted there.
    this.tally = new Tally(app.storage, { name, sides: this.sides, opponents: OPPONENTS }, () => this.showTally());
    this._timer = 0;
    /** Ends the beat under way early, with no move (cancel). */
    this._endBeat = () => {};
    // By the keys, the arrows move along a picker and Enter or Space picks (input/picker.js).
    const picked = (input) => this.shell.choose({ ...this.shell.params, [input.name]: input.value });
    const restore = () => this.shell.showChoice();
    onPick(this.el.opponents, picked, restore);
    onPick(this.el.starters, picked, restore);
  }

  /** The computer's side, by name, or null between two players. */
  get mark() {
    const mode = this.shell?.params;
    return !mode || mode.opponent === 'two' ? null : this.sides[mode.starter === 'computer' ? 0 : 1];
  }

  /** The player's words for how `game` ended: whose win it is (between two players on one
   * device, neither side's win is the player's). */
  outcome(game) {
    const { winner } = game.readouts();
    return !winner ? 'drawn' : !this.mark ? '' : (winner === this.mark ? 'lost' : 'won');
  }

  /** What the game's shell takes from the opponent: the mode as its parameter, its undo, its
   * outcome, and the computer's turn. Then `attach(shell)`. */
  shellOptions() {
    return {
      params: {
        name: 'mode', read: readMode, write: JSON.stringify, fallback: readMode(null), of: () => null,
        show: (mode) => this.showMode(mode),
        question: () => ({ title: 'Start a new game?', text: 'The game in progress ends unfinished.', ok: 'New game', cancel: 'Keep playing' }),
      },
      undo: (game) => this.undo(game),
      redo: (game) => this.redo(game),
      // The computer's turn is the computer's: the player's taps wait for their own.
      mayPlay: (game, move, by) => (by !== 'computer' && game.readouts().turn === this.mark ? 'Wait: the computer is choosing.' : null),
      outcome: (game) => this.outcome(game),
      playerMoved: (game) => this.playerMoved(game),
      // Two people on one device: neither one's own result (standing.js), but in the tally.
      twoPlayers: () => this.mark === null,
    };
  }

  /** Starts answering `shell`'s games, and counting them: once a game, when it first ends (in
   * whichever tab), not again after an undo. */
  attach(shell) {
    this.shell = shell;
    this.replies = new Helper({ game: () => shell.game, closed: () => shell.destroyed }, (game) => new Promise((resolve) => {
      this._endBeat = () => resolve(null);
      this._timer = setTimeout(() => resolve(this.choose(game)), ANSWER_MS);
    }));
    shell.watch((what, detail) => {
      // The computer's turn may come with a game dealt, or once the player's move is drawn.
      if (what === 'dealt' || what === 'drawn') this.play();
      else if (what === 'destroy') {
        this.cancel();
        this.tally.unwatch();
      } else if (what === 'ended' && detail.first) {
        const { game, params } = shell;
        const { winner } = game.readouts();
        this.tally.record(params.opponent, { winner, mine: this.mark ? winner !== this.mark : winner === this.sides[0] });
        this.showTally();
      }
    });
  }

  showMode(mode) {
    for (const input of this.el.opponents.querySelectorAll('input')) input.checked = input.value === mode.opponent;
    for (const input of this.el.starters.querySelectorAll('input')) input.checked = input.value === mode.starter;
    // Out of use, not out of the page: its row keeps its room, so the board never moves.
    // (Disabled, not inert: a replay holds the game's controls inert, and this must not let go
    // of the hold by showing the replayed game's mode.)
    this.el.starters.disabled = mode.opponent === 'two';
    this.el.tally.textContent = this.tally.text(mode.opponent);
  }

  showTally() {
    const mode = this.shell?.params;
    if (mode) this.el.tally.textContent = this.tally.text(mode.opponent);
  }

  /** Whether the player has marked a square in `game`: between two players, any mark is; against
   * the computer, the sides move in turn, the first side first, so the player has moved once
   * there are more moves than the player's place in the order. */
  playerMoved(game) {
    const mine = this.mark;
    if (!mine) return game.moveCount() > 0;
    const you = this.sides.find((side) => side !== mine);
    return game.moveCount() > this.sides.indexOf(you);
  }

  /** Against the computer, one undo takes back its answer and the player's move; its opening
   * move alone is not the player's to take back. */
  undo(game) {
    this.cancel();
    const mine = this.mark;
    if (!mine) return game.undo();
    if (!this.playerMoved(game)) return false;
    const you = this.sides.find((side) => side !== mine);
    do game.undo(); while (game.readouts().turn !== you);
    return true;
  }

  /** Redo plays again the turn an undo took back: the player's move, and against the computer
   * its answer too; what they did, in words (undefined: nothing to redo). */
  redo(game) {
    this.cancel();
    let told = game.redo();
    const mine = this.mark;
    while (mine && told !== undefined && game.status() === 'playing' && game.readouts().turn === mine) {
      const answer = game.redo();
      if (answer === undefined) break;
      told = `${told} ${answer}`;
    }
    return told;
  }

  /** The computer's choice: the best move, or for the easy one now and then any legal one. */
  choose(game) {
    const { opponent } = this.shell.params;
    if (opponent === 'easy' && Math.random() < EASY_SLIPS) {
      const moves = game.moves();
      return moves[Math.floor(Math.random() * moves.length)];
    }
    return game.bestMove();
  }

  /** If it is the computer's turn, its move comes in a moment (once no dialog is open). */
  async play() {
    this.cancel();
    const game = this.shell.game;
    if (!game || game.status() !== 'playing' || game.readouts().turn !== this.mark) return;
    const move = await this.replies.ask();
    if (move === null) return;
    // The player is answering a dialog: the computer waits for the board to be back.
    if (this.shell.dialogOpen) this.play();
    else this.shell.enqueue({ move }, 'computer');
  }

  /** No reply comes for the position now (an undo, a new game, the route closed). */
  cancel() {
    clearTimeout(this._timer);
    // The reply asked for is forgotten, and its question answered at once, so nothing waits on it.
    this.replies?.forget();
    this._endBeat();
  }
}

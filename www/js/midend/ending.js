// How a game's end looks, the same for every game: the engine says when it has ended and how
// (its status() and ending(), the game contract in docs/api.md), the game's view adds what the
// page counts (the time, the moves), and this shows it: the game-over panel (made here for every game, ui.js), the line in
// place of the how-to while a finished board is shown, and what the live region says.
//
// The words of an ending: {said, result, title}, where `said` is for the live region, `result`
// is shown in #final-score and `title` (if given) replaces #game-over-title. A view gives them
// with ended(game, {ms}) (ms: the clock's time); without it, the engine's ending() is said, the
// score (if the game keeps one) the result. `outcome` ("won", "lost",
// "drawn", or none for a game that is merely over) is the status's, or the game's own
// `outcome(game)` where the status does not say whose win it is (tic-tac-toe against the
// computer).
//
// It is given the page, the game's view, and what it reads and does of the game in play (the
// game shown, its clock's time, its bests, whose play it is, its attempt), as values or, where
// they change, functions, and not the shell itself.

import { formatTime } from './clock.js';
import { addGameOverPanel, inHowToPlace, make, movesText, openGameOverPanel, renderFacts } from '../ui/ui.js';

export class GameEnd {
  /**
   * Puts the game-over panel in the page (`panel`, below), which is there before the page's
   * elements are looked up; `undo`: whether the game has undo (the panel offers it).
   */
  static addPanel(panel, undo) {
    if (panel) addGameOverPanel(panel, undo);
  }

  /**
   * @param {object} port
   * @param {object|null} port.panel  {title, line, wide, sheet, said} (in the page by
   *   addPanel), or null for a game that shows its end on its board, like tic-tac-toe
   * @param {(game) => string} [port.outcome]  the game's own outcome, where its status does not say
   * @param {import('./view-contract.js').GameView} port.view  the game's view
   * @param {object} port.el  the page's elements (ui.js)
   * @param {Document} port.doc  the page
   * @param {boolean} port.timed  whether the game has a clock
   * @param {() => number} port.ms  the clock's time (0 without one)
   * @param {string|undefined} port.figure  the name of the figure a result is ranked by
   * @param {() => object} port.bestsKept  the bests kept for the game in play, by figure name
   * @param {(game) => string} port.beatenWords  the bests `game` beat, in words
   * @param {(game) => string} port.standingNote  whose play `game` was, where not the player's own
   * @param {(game) => Array} port.helperFacts  the helpers' facts of `game` (none without)
   * @param {() => object|null} port.game  the game shown
   * @param {() => boolean} port.replaying  whether the game shown is a replay's step
   * @param {() => boolean} port.closed  whether the game's route has closed
   * @param {() => boolean} port.pageDialogOpen  whether a page's own dialog is open
   * @param {() => boolean} port.restartable  whether the game in play can be restarted
   * @param {() => object|null} port.endNote  the page's note on the game's end (below)
   * @param {(text: string) => void} port.announce  says `text` in the live region
   * @param {(options: {copy: boolean}) => void} port.askReplay  the game's replay, watched or its link copied
   * @param {(game) => void} port.dealSeen  `game`'s deal is seen, by its attempt (standing.js)
   * @param {() => boolean} port.countOnce  true the first time the attempt in play is counted
   * @param {() => string} port.attemptId  the id of the attempt in play
   * @param {(game) => object} port.result  `game`'s result for the stats (bests.js)
   * @param {boolean} port.daily  whether this is the day's deal
   */
  constructor({
    panel, outcome, view, el, doc, timed, ms, figure, bestsKept, beatenWords, standingNote, helperFacts,
    game, replaying, closed, pageDialogOpen, restartable, endNote, announce, askReplay,
    dealSeen, countOnce, attemptId, result, daily,
  }) {
    Object.assign(this, {
      panel, outcome, view, el, doc,
      timed, ms, figure, bestsKept, beatenWords, standingNote, helperFacts,
      game, replaying, closed, pageDialogOpen, restartable, endNote, announce, askReplay,
      dealSeen, countOnce, attemptId, result, daily,
    });
  }

  /** Null while `game` goes on; once it has ended, its ending (above). */
  of(game) {
    const status = game.status();
    if (status === 'playing') return null;
    const words = this.view.ended?.(game, { ms: this.ms() }) ?? this._scoreWords(game);
    const outcome = this.outcome ? this.outcome(game) : (status === 'over' ? '' : status);
    return { ...words, outcome, panel: Boolean(this.panel) };
  }

  /** The engine's words of the end, with the final score (if the game keeps one) as the
   * panel's result. */
  _scoreWords(game) {
    return { said: game.ending(), result: game.readouts().score };
  }

  /**
   * Shows the game-over panel if the game has ended, unless a page's own dialog is open (that
   * page calls the shell's checkGameOver again when its dialog closes), or the panel has
   * already been shown for this position and put away ("See board", Esc): only `again` (a
   * move tried on the finished board) or its line's Show result bring it back.
   */
  check({ again = false } = {}) {
    const game = this.game();
    if (!game || game.status() === 'playing' || this.pageDialogOpen() || this.replaying()) return false;
    if (!again && this._shown === game.save()) return false;
    this.show();
    return true;
  }

  show() {
    const game = this.game();
    const ending = this.of(game);
    // A game that ends on its board (no panel) says how in its view's status.
    if (!ending?.panel) return;
    const standing = this.standingText();
    // The page's note is said with the end (the day's deal: whether this is the day's result).
    const note = this.endNote();
    // A best this game beat, said again with its end (it may have been beaten many moves ago).
    const beaten = this.beatenWords(game);
    this.announce([ending.said, beaten, standing, note?.text].filter(Boolean).join(' '));
    if (this.el.confirmDialog.open) this.el.confirmDialog.close();
    this._shown = game.save();
    openGameOverPanel(this.el, ending, (sheet) => this.renderSheet(sheet));
    // The day's deal's New game is its Restart already.
    const restart = this.doc.getElementById('game-over-restart');
    if (restart) restart.hidden = !this.restartable();
    const best = this.doc.getElementById('game-over-best');
    if (best) {
      best.textContent = beaten;
      best.hidden = !beaten;
    }
    const line = this.doc.getElementById('game-over-standing');
    if (line) {
      line.textContent = standing;
      line.hidden = !standing;
    }
    this._renderNote(note);
  }

  /** What the end says of whose play the game in play was (standing.js): '' for the player's
   * own, else practice or with help, and why. */
  standingText() {
    return this.standingNote(this.game());
  }

  /** Shows `said`, the panel's note from the page on this game's end (`endNote()`:
   * {text, actions: [{label, onClick}]} or null; the day's deal says whether it is the day's
   * result). */
  _renderNote(said) {
    const note = this.doc.getElementById('game-over-note');
    if (!note) return;
    note.hidden = !said;
    note.replaceChildren();
    if (!said) return;
    note.append(make('span', { textContent: said.text }), ...(said.actions ?? []).map(({ label, onClick }) =>
      make('button', { type: 'button', className: 'button button-quiet', textContent: label, onclick: onClick })));
  }

  /** The panel's details: the view's own score sheet (Threes' points, 2048's tiles) where it
   * draws one, else the facts as terms and values: the view's own (`facts(game)`: a
   * Minesweeper board), the time where the result is not the time, the best kept for this
   * kind of deal, and the helpers' (the solver's solution; a game won with its help). */
  renderSheet(sheet) {
    const game = this.game();
    if (this.view.renderScoreSheet) {
      this.view.renderScoreSheet(sheet, game);
      return;
    }
    const rows = [...(this.view.facts?.(game) ?? [])];
    if (this.timed && this.figure !== 'time') rows.push(['Time', formatTime(this.ms())]);
    const { moves, time } = this.bestsKept();
    const best = [moves && movesText(moves), time && formatTime(time)].filter(Boolean);
    if (this.figure) rows.push(['Best', best.join(', ') || '–']);
    rows.push(...this.helperFacts(game));
    renderFacts(sheet, rows);
  }

  /**
   * While the game has ended, a line in place of the how-to says so ("Out of moves!", the
   * panel's title) with a button that brings the game-over panel back (its result, score sheet
   * and New game): after "See board", the board must not look like a game still going.
   */
  syncLine() {
    const howTo = this.el.howTo;
    if (this.replaying()) return;
    const game = this.game();
    const ending = game && !this.closed() ? this.of(game) : null;
    // A game going on again (an undo) has its panel to show when it ends, even as before.
    if (!ending) this._shown = null;
    if (!howTo) return;
    // A game that ends on its board has no panel to bring back: it says how it ended itself,
    // its view's Play again shows (#play-again, if it has one), and in place of its how-to
    // are the panel's other offers, its replay's two.
    if (!ending?.panel) {
      this._syncPlayAgain(Boolean(ending));
      inHowToPlace(howTo, ending ? this._replayLine() : null);
      if (this._replay) this._replay.querySelector('.ended-standing').textContent = ending ? this.standingText() : '';
      return;
    }
    if (!this._line) {
      const line = this.doc.createElement('p');
      line.className = 'how-to ended-line';
      const button = Object.assign(this.doc.createElement('button'), { type: 'button', className: 'button button-quiet ended-show', textContent: 'Show result' });
      button.addEventListener('click', () => this.show());
      line.append(this.doc.createElement('strong'), ' ', button);
      this._line = line;
    }
    this._line.firstChild.textContent = ending.title ?? this.el.gameOverTitle?.textContent ?? 'Game over.';
    inHowToPlace(howTo, this._line);
  }

  /** The line a game that ends on its board shows while ended: Watch the replay and Copy a
   * replay link, as the game-over panel offers them. */
  _replayLine() {
    if (!this._replay) {
      const doc = this.doc;
      const line = Object.assign(doc.createElement('p'), { className: 'how-to ended-line' });
      // Whose play it was, where it was not the player's own (standing.js).
      line.append(Object.assign(doc.createElement('span'), { className: 'ended-standing' }));
      for (const [text, copy] of [['Watch the replay', false], ['Copy a replay link', true]]) {
        const button = Object.assign(doc.createElement('button'), { type: 'button', className: 'button button-quiet', textContent: text });
        button.addEventListener('click', () => this.askReplay({ copy }));
        line.append(button, ' ');
      }
      this._replay = line;
    }
    return this._replay;
  }

  /** Play again shows once the game has ended, and takes the focus from a square of the board
   * that no longer takes moves (only if one had it: a tap does not move the focus). */
  _syncPlayAgain(ended) {
    const again = this.doc.getElementById('play-again');
    if (!again) return;
    const wasHidden = again.hidden;
    again.hidden = !ended;
    if (ended && wasHidden && this.el.board.contains(this.doc.activeElement)) again.focus();
  }

  /**
   * The result of `game`, which has just ended, for the shell to tell its watchers ('ended':
   * the app keeps the stats by it): its outcome, its figure (the first best's name, `lower`,
   * the key that names its board as `kind`, and its value: none when that best does not count
   * it), its moves, its time, whose play it was (`standing`), its attempt's `id`, whether
   * this is that attempt's `first` end, its `save` (its replay), whether it was the day's
   * deal (`daily`) and the engine's words of its end (`ending`: whose win a game between two
   * players was). An undo and ending again is told again, with the same
   * id (the stats keep the figures the panel shows, once); a reload, or another tab that
   * follows the game, tells nothing. Its deal is now seen (standing.js).
   */
  say(game) {
    this.dealSeen(game);
    const first = this.countOnce();
    return { ...this.result(game), id: this.attemptId(), first, save: game.save(), daily: this.daily, ending: game.ending() ?? '' };
  }
}

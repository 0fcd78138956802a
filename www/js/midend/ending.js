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

import { endedResult } from './bests.js';
import { formatTime } from './clock.js';
import { addGameOverPanel, inHowToPlace, make, movesText, openGameOverPanel, renderFacts } from '../ui/ui.js';

export class GameEnd {
  /**
   * @param {object} shell  the shell (shell.js) whose game this is
   * @param {object} options  `panel` ({title, line, wide, sheet, said}, or null for a game
   *   that shows its end on its board, like tic-tac-toe: no panel), `outcome(game)` (optional)
   */
  constructor(shell, { panel, outcome }) {
    this.shell = shell;
    this.panel = panel;
    this.outcome = outcome;
    if (panel) addGameOverPanel(panel, shell.undoEnabled);
  }

  /** Null while `game` goes on; once it has ended, its ending (above). */
  of(game) {
    const status = game.status();
    if (status === 'playing') return null;
    const { view, clock } = this.shell;
    const words = view.ended?.(game, { ms: clock?.ms ?? 0 }) ?? this._scoreWords(game);
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
    const shell = this.shell;
    if (!shell.game || !shell.isEnded() || shell.pageDialogOpen || shell.replaying) return false;
    if (!again && this._shown === shell.game.save()) return false;
    this.show();
    return true;
  }

  show() {
    const shell = this.shell;
    const ending = this.of(shell.game);
    // A game that ends on its board (no panel) says how in its view's status.
    if (!ending?.panel) return;
    const standing = this.standingText();
    // The page's note is said with the end (the day's deal: whether this is the day's result).
    const note = shell.endNote?.() ?? null;
    // A best this game beat, said again with its end (it may have been beaten many moves ago).
    const beaten = shell.bests.beatenWords(shell.game);
    shell.announce([ending.said, beaten, standing, note?.text].filter(Boolean).join(' '));
    if (shell.el.confirmDialog.open) shell.el.confirmDialog.close();
    this._shown = shell.game.save();
    openGameOverPanel(shell.el, ending, (sheet) => this.renderSheet(sheet));
    // The day's deal's New game is its Restart already.
    const restart = shell.doc.getElementById('game-over-restart');
    if (restart) restart.hidden = !shell.restartable;
    const best = shell.doc.getElementById('game-over-best');
    if (best) {
      best.textContent = beaten;
      best.hidden = !beaten;
    }
    const line = shell.doc.getElementById('game-over-standing');
    if (line) {
      line.textContent = standing;
      line.hidden = !standing;
    }
    this._renderNote(note);
  }

  /** What the end says of whose play the game in play was (standing.js): '' for the player's
   * own, else practice or with help, and why. */
  standingText() {
    return this.shell.standing.note(this.shell.game);
  }

  /** Shows `said`, the panel's note from the page on this game's end (`shell.endNote()`:
   * {text, actions: [{label, onClick}]} or null; the day's deal says whether it is the day's
   * result). */
  _renderNote(said) {
    const note = this.shell.doc.getElementById('game-over-note');
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
    const { view, game, clock, bests } = this.shell;
    if (view.renderScoreSheet) {
      view.renderScoreSheet(sheet, game);
      return;
    }
    const rows = [...(view.facts?.(game) ?? [])];
    if (clock && bests.figure.name !== 'time') rows.push(['Time', formatTime(clock.ms)]);
    const { moves, time } = bests.kept;
    const best = [moves && movesText(moves), time && formatTime(time)].filter(Boolean);
    if (bests.figure.name) rows.push(['Best', best.join(', ') || '–']);
    rows.push(...(this.shell.helpers?.made?.facts(game) ?? []));
    renderFacts(sheet, rows);
  }

  /**
   * While the game has ended, a line in place of the how-to says so ("Out of moves!", the
   * panel's title) with a button that brings the game-over panel back (its result, score sheet
   * and New game): after "See board", the board must not look like a game still going.
   */
  syncLine() {
    const shell = this.shell;
    const howTo = shell.el.howTo;
    if (shell.replaying) return;
    const ending = shell.game && !shell.destroyed ? this.of(shell.game) : null;
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
      const line = shell.doc.createElement('p');
      line.className = 'how-to ended-line';
      const button = Object.assign(shell.doc.createElement('button'), { type: 'button', className: 'button button-quiet ended-show', textContent: 'Show result' });
      button.addEventListener('click', () => this.show());
      line.append(shell.doc.createElement('strong'), ' ', button);
      this._line = line;
    }
    this._line.firstChild.textContent = ending.title ?? shell.el.gameOverTitle?.textContent ?? 'Game over.';
    inHowToPlace(howTo, this._line);
  }

  /** The line a game that ends on its board shows while ended: Watch the replay and Copy a
   * replay link, as the game-over panel offers them. */
  _replayLine() {
    if (!this._replay) {
      const doc = this.shell.doc;
      const line = Object.assign(doc.createElement('p'), { className: 'how-to ended-line' });
      // Whose play it was, where it was not the player's own (standing.js).
      line.append(Object.assign(doc.createElement('span'), { className: 'ended-standing' }));
      for (const [text, copy] of [['Watch the replay', false], ['Copy a replay link', true]]) {
        const button = Object.assign(doc.createElement('button'), { type: 'button', className: 'button button-quiet', textContent: text });
        button.addEventListener('click', () => this.shell.askReplay({ copy }));
        line.append(button, ' ');
      }
      this._replay = line;
    }
    return this._replay;
  }

  /** Play again shows once the game has ended, and takes the focus from a square of the board
   * that no longer takes moves (only if one had it: a tap does not move the focus). */
  _syncPlayAgain(ended) {
    const shell = this.shell;
    const again = shell.doc.getElementById('play-again');
    if (!again) return;
    const wasHidden = again.hidden;
    again.hidden = !ended;
    if (ended && wasHidden && shell.el.board.contains(shell.doc.activeElement)) again.focus();
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
    const shell = this.shell;
    shell.standing.dealSeen(game, shell.kept.attempt.id);
    const first = shell.kept.countOnce();
    return { ...endedResult(game, shell), id: shell.kept.attempt.id, first, save: game.save(), daily: shell.slot === 'daily', ending: game.ending() ?? '' };
  }
}

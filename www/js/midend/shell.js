// The mid end every Gridplay game shares, after Simon Tatham's puzzles: it owns the current
// game, undo, saving and restoring, the bests, the clock, the new-game and game-over dialogs,
// shared deals, notices and the live region, once for every game. What it knows of a game's
// rules it reads from the engine's class through the game contract (docs/api.md): a deal as its
// link's text, a move made or refused with the reason, the status, the figure a result is
// ranked by, whether it is timed, the kind of deal a best is kept per. Per game come only a view
// that draws the game, the words it speaks, its input and its parameter's picker: its wiring
// (<route>/mount.js) passes them to `new GameShell({...})`, and docs/design.md ("The mid end")
// says what each option is.
//
// Its parts, a module of one job each: the input queue and a move's way through it
// (move-queue.js), the game's end and its panel (ending.js), the bests (bests.js), the clock
// (clock.js), where the game is kept (kept-game.js), other tabs that play it (other-tabs.js),
// the page's buttons and keys for every game (page-controls.js), whose play a result is
// (standing.js: the player's own, practice, with help, or two players').
//
// Others that follow the game (the helpers, helpers/buttons.js) call shell.watch(fn): fn hears 'move'
// (the engine holds the new position while it is still drawn), 'undo', 'game' (a new or
// restored game, or a replay's step), 'ended' (once a game: count it), 'replay-ended' and
// 'destroy'. A game's end is also said by the event gridplay:ended (ending.js), for the stats:
// once an attempt, and again with the same id after an undo and ending again.
//
// Several tabs: the game in storage is the one every tab shows. When another tab keeps a game
// this one has not seen, this tab follows it, says so, and drops the input it had queued for
// the old board; it checks again before each move, undo or new game of its own, so a tab that
// heard nothing (asleep, just woken) never writes over a newer game (kept-game.js).
//
// The app (app/app.js) shows one game at a time: it mounts a game's wiring when its route opens
// and calls destroy() when the player leaves, which stops input and frees the game once idle.

import { bestRulesOf, readBests, updateBests } from './bests.js';
import { watchCautions } from './caution.js';
import { GameClock } from './clock.js';
import { GameEnd } from './ending.js';
import { Choice } from './choice.js';
import { openDeal, readKept, startGame } from './dealing.js';
import { KeptGame, freeGame } from './kept-game.js';
import { MoveQueue } from './move-queue.js';
import { OtherTabs } from './other-tabs.js';
import { wirePageControls } from './page-controls.js';
import { endStep, showStep } from './replay-stage.js';
import { Standing } from './standing.js';
import { NEW_GAME_QUESTION, announce, ask, pageElements, showNotice } from '../ui/ui.js';

const NO_STORAGE = 'This browser does not let the page save, so this game will be lost when you leave.';

// The page's elements (ui.js), which a game's wiring imports from here too.
export { pageElements };

export class GameShell {
  /** @param {object} options what a game's wiring gives: docs/design.md, "The mid end" */
  constructor({
    name, rules, createGame = null, view, storage, elements = null, slideMs = 120, input = null,
    moveText = () => '', refuse = (move, reason, shell) => shell.announce('That move is not possible.'), mayPlay = null,
    undo = null, panel = null, outcome = null, params = null, slot = '',
    onGame = null, onMove = null, onDestroy = null, feedback = null, twoPlayers,
  }) {
    Object.assign(this, { name, rules, createGame, view, storage, slideMs, moveText, refuse, mayPlay, onGame, onMove, onDestroy, feedback });
    /** The game a save holds; throws (`load: …`) for a text that is no save of it. */
    this.loadGame = (text) => rules.load(text);
    this.undoEnabled = rules.hasUndo();
    this.undoMove = undo ?? ((game) => game.undo());
    /** The game's end: when, in what words, and its panel (ending.js), which is in the page
     * before its elements are looked up. */
    this.end = new GameEnd(this, { panel, outcome });
    this.el = elements ?? pageElements();
    this.doc = this.el.board.ownerDocument; // the page the board is in (its keys, its dialogs)
    /** The figures kept as bests (bests.js): the engine's figure, per kind of deal. */
    this.bestRules = bestRulesOf(rules, name);
    /** The game's parameter and its picker (choice.js), if it has one. */
    this.choice = params ? new Choice(this, params) : null;
    // A slot (the day's deal: 'daily') keeps its game and clock apart from the free game's.
    this.kept = new KeptGame(storage, slot ? `gridplay.${name}.${slot}` : `gridplay.${name}`);
    /** Whose play the game is (standing.js): two people on one device (tic-tac-toe's mode,
     * `twoPlayers`) make no one's own result. */
    this.standing = new Standing({
      storage, name, kept: this.kept, helps: rules.helps(), twoPlayers, slot,
      notice: (text) => this.notice(text, 'standing'),
    });
    /** The clock of a timed game (its time is kept beside the game, under its attempt's id). */
    this.clock = rules.timed()
      ? new GameClock({
        storage,
        key: this.kept.keys.clock,
        element: this.el.clock,
        shouldRun: () => Boolean(this.game) && this.game.clockRuns(),
        mayWrite: () => !this.replaying && this.kept.current,
      })
      : null;

    this.game = null;
    /** The bests kept for the current game's keys, by name: each a whole number above 0, or
     * null for none yet; `best` is the first (the one a view draws). */
    this.bests = {};
    this.best = null;
    /** Moves and undos waiting to be played, one at a time (move-queue.js). */
    this.queue = new MoveQueue(this);
    this._resetting = false;
    this._destroyed = false;
    this._watchers = new Set();

    this.storage.onFailure = () => this.notice(NO_STORAGE, 'storage');
    /** Keeps this tab's game and bests in step with other tabs' (other-tabs.js). */
    this.tabs = new OtherTabs(this);
    watchCautions(this);

    /** Unwires the page's buttons and keys (page-controls.js) when the route closes. */
    this._unwireControls = wirePageControls(this);
    this.input = input ? input(this) : null;
    /** Hint, Autoplay, Solve (helpers/buttons.js, a script of its own) if the engine offers them: a Later. */
    this.helpers = null;
    if (rules.helps().length) {
      import(new URL('../helpers/buttons.js', import.meta.url).href).then((m) => { this.helpers = this._destroyed ? null : m.laterHelpers(this); });
    }
  }

  /**
   * Restores the saved game (or deals a new one) and draws it: the game the address asks for
   * (a shared link's `deal`; with `only`, the one deal this shell plays), dealing.js.
   */
  start({ deal = null, only = false } = {}) {
    startGame(this, { deal, only });
  }

  /** The game kept in storage (now the one this tab has seen), or null for none (dealing.js). */
  _readKept() {
    return readKept(this);
  }

  /** Opens `deal` (from a shared link), asking first while a game is in progress (dealing.js).
   * Resolves true iff the deal is now the game. */
  openDeal(deal) {
    return openDeal(this, deal);
  }

  /** The current game's deal as a link's text ('seed=7'), or null for a game that has none
   * (tic-tac-toe: every game is the same). */
  link() {
    return this.game?.link() || null;
  }

  /** Opens the confirm dialog with `question`; resolves true iff the player chose OK. */
  ask(question) {
    return ask(this.el.confirmDialog, question);
  }

  /**
   * Stops this game's input and hooks (the player left its route); the game is freed once
   * the move being drawn is done. The shell must not be used afterwards.
   */
  destroy() {
    if (this._destroyed) return;
    this._destroyed = true;
    this.queue.clear();
    if (this.replaying) this.endReplay();
    this.input?.destroy();
    this._hook(this.onDestroy);
    this.clock?.destroy();
    this.tabs.destroy();
    this._tell('destroy');
    this._watchers.clear();
    this._unwireControls();
    if (this.el.confirmDialog.open) this.el.confirmDialog.close();
    this.end.syncLine();
    this.queue.idle.then(() => {
      freeGame(this.game);
      this.game = null;
    });
  }

  /** Calls `fn(what)` whenever the position changes ('move', 'undo', 'game') and once at
   * 'destroy'; returns a function that stops it. */
  watch(fn) {
    this._watchers.add(fn);
    return () => this._watchers.delete(fn);
  }

  _tell(what) {
    for (const fn of [...this._watchers]) this._hook(fn, what);
  }

  /** True once destroy() has been called. */
  get destroyed() {
    return this._destroyed;
  }

  /** True while a move is animating or more moves are waiting. */
  get busy() {
    return this.queue.busy;
  }

  /** Resolves once every queued move has been applied and drawn. */
  idle() {
    return this.queue.idle;
  }

  /** True while any dialog is open (the shell's or the page's own): the board takes no input. */
  get dialogOpen() {
    return this.el.confirmDialog.open || this.el.gameOverDialog?.open || this._pageDialogOpen();
  }

  /** True while a dialog other than the shell's two is open (a page's own, e.g. a win panel). */
  _pageDialogOpen() {
    const theirs = [this.el.confirmDialog, this.el.gameOverDialog];
    return [...this.doc.querySelectorAll('dialog[open]')].some((dialog) => !theirs.includes(dialog));
  }

  /** True once the game has ended (won, lost, drawn or out of moves), as its status says. */
  isEnded(game = this.game) {
    return Boolean(game) && game.status() !== 'playing';
  }

  /** Null while `game` goes on; once it has ended, its ending's words and outcome (ending.js). */
  ending(game = this.game) {
    return this.end.of(game);
  }

  /** A game is in progress when it has moves and has not ended: replacing it needs a confirmation. */
  get inProgress() {
    return this._inProgress(this.game);
  }

  _inProgress(game) {
    return Boolean(game) && game.moveCount() > 0 && !this.isEnded(game);
  }

  /** Queues a move from the game's input, played after every move queued before it; dropped
   * while a dialog is open (the player is answering it). `by`: who plays it, for mayPlay. */
  enqueue(move, by = 'player') {
    if (!this.dialogOpen) this.queue.move(move, by);
  }

  /** Queues an undo (if the game has undo): it waits for the moves queued before it. */
  requestUndo() {
    if (this.undoEnabled) this.queue.undo();
  }

  /**
   * What a move just made (by `by`: 'player', 'helper' or the game's opponent) changes besides
   * the board: the help the game took, the clock (stopped by a move that ends the game, before
   * the bests read it, so they agree), the bests, the save, and the game's end told.
   */
  _made(game, by = 'player') {
    if (by === 'helper') this.standing.helped('moves', game);
    if (this.clock) {
      if (game.clockRuns()) this.clock.run();
      else this.clock.stop();
      this.clock.save();
    }
    this._keepBests();
    this._save();
    if (this.isEnded(game)) this.end.say(game);
    this._tell('move');
  }

  /** Calls a page hook; a failing hook is logged and never breaks the game. */
  _hook(hook, ...args) {
    if (!hook) return;
    try {
      hook(...args);
    } catch (error) {
      console.warn('gridplay: page hook failed', error);
    }
  }

  /**
   * Keeps the controls in step with the game: the undo button says when there is nothing to
   * undo, and a finished game says so (ending.js).
   */
  _syncControls() {
    this.end.syncLine();
    if (!this.undoEnabled || !this.el.undo) return;
    const nothing = !this.game || this.game.moveCount() === 0;
    // aria-disabled, not disabled: the button keeps focus and still answers ("Nothing to undo").
    this.el.undo.setAttribute('aria-disabled', String(nothing));
  }

  /** The deal `deal` (a link's text; this shell's only deal if it has one), or a new game
   * with the current parameters. */
  _create(deal) {
    const link = deal ?? this._only;
    if (link !== undefined) return this.rules.fromLink(link);
    // A game's parameter that is its kind of deal (choice.js) is a link the engine deals.
    return this.createGame ? this.createGame(this.params) : this.rules.fromLink(this.choice?.rule.presets ? this.params : '');
  }

  /** The parameter the next new game gets (a size, a board): the player's last choice. */
  get params() {
    return this.choice?.value;
  }

  /** The player picked `value` (a size, a board, an opponent): a new game with it, asking
   * first while a game is in progress (choice.js). Resolves true iff the new game started. */
  choose(value) {
    return this.choice?.choose(value) ?? Promise.resolve(false);
  }

  /** The New game button: asks first if a game is in progress. */
  async requestNewGame() {
    if (this.dialogOpen || this._destroyed) return;
    if (this.replaying) this.endReplay();
    // The question is about the game kept, which may be another tab's by now.
    this.tabs.follow();
    if (this.inProgress && !(await this.ask(NEW_GAME_QUESTION))) return;
    if (!this._destroyed) await this.newGame();
  }

  /**
   * Replaces the game with a new one (the deal `deal`, or a random one) once the current
   * animation is over. `said` is what the live region says before the new game's status.
   */
  async newGame(deal = undefined, said = 'New game.') {
    if (this._resetting || this._destroyed) return;
    if (this.replaying) this.endReplay();
    this._resetting = true;
    this.queue.clear();
    try {
      await this.queue.idle;
      // Another tab's game, not yet seen here, is shown instead of being replaced unseen.
      if (this._destroyed || this.tabs.follow()) return;
      const old = this.game;
      this._setGame(this._create(deal ?? undefined));
      this.announce(`${said} ${this.view.status(this.game)}`);
      if (this.el.gameOverDialog?.open) this.el.gameOverDialog.close();
      this._hook(this.onGame, this.game, { restored: false });
      freeGame(old);
    } finally {
      this._resetting = false;
    }
  }

  /**
   * Makes `game` the current one: its bests (their keys may differ from the last game's), its
   * parameters shown, its clock, saved, drawn. A game not `restored` is a new attempt, begun
   * as `origin` ('replay': taken on from a replay; else dealt, at a deal seen before or not).
   */
  _setGame(game, restored = false, origin = null) {
    this.game = game;
    this.choice?.adopt(game);
    // A game not restored is a new attempt, even at a deal already played (tic-tac-toe's only
    // one), kept at once.
    if (!restored) this.standing.begin(game, origin);
    // A game just read from storage is not written back: a tab following another's game must
    // not write over the next one, should it already be on its way.
    if (game.save() !== this.kept.text) this._save();
    // The clock's game is this one: a restored game gets back the time kept for it (and what
    // is kept with it), before the bests read them.
    this.clock?.reset(this.kept.attempt.id, restored);
    this._keepBests(true);
    this.view.draw(game, { best: this.best });
    this._syncControls();
    this._tell('game');
  }

  /** Shows the game-over panel if the game has ended and it has not been put away (ending.js). */
  checkGameOver(options) {
    return this.end.check(options);
  }

  showGameOver() {
    this.end.show();
  }

  /** Says `text` through the polite live region. */
  announce(text) {
    if (!this._destroyed) announce(this.el.announcer, text);
  }

  notice(text, kind, options) {
    return showNotice(this.el.notices, text, kind, options);
  }

  /** Keeps each of the game's figures that beats its best (`read`: reading the bests kept first). */
  _keepBests(read = false) {
    if (read) this.bests = readBests(this.bestRules, this.game, this.storage);
    updateBests(this.bestRules, this.bests, this);
    this.best = this.bests[this.bestRules[0]?.name] ?? null;
  }

  _save() {
    if (!this.replaying) this.kept.write(this.game.save());
  }

  // ---------- a replay shown in place of the game (features/replay.js) ----------

  /** True while a replay's step is shown in place of the game in play. */
  get replaying() {
    return Boolean(this._played);
  }

  /** Shows `game`, a replay's step (freed once another replaces it), in place of the game in
   * play, read-only, the game in play kept aside (replay-stage.js). */
  showReplayStep(game) {
    showStep(this, game);
  }

  /** Back to the game in play; with `adopt`, the step shown becomes the game in play instead. */
  endReplay({ adopt = false } = {}) {
    endStep(this, { adopt });
  }

  /** Whether the game kept aside while a replay is shown (or else the game) is in progress. */
  get playedInProgress() {
    return this._inProgress(this._played ?? this.game);
  }
}

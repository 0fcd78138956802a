// The mid end every Gridplay game shares, after Simon Tatham's puzzles: it owns the current
// game, undo, saving and restoring, the bests, the clock, the new-game and game-over dialogs,
// shared deals, notices and the live region, once for every game. What it knows of a game's
// rules it reads from the engine's class through the game contract (docs/api.md): a deal as its
// link's text, a move made (with the engine's words for what it did) or refused (with its
// reason), the status and how the game ended, the figure a result is ranked by, whether it is
// timed, the kind of deal a best is kept per. Per game come only a view that draws the game
// (and reads the position in words after the engine's; what it offers is the view contract,
// view-contract.js's GameView), its input and its parameter's picker: its wiring
// (<route>/mount.js) passes them to `new GameShell({...})`, and docs/design.md ("Adding a game")
// says what each option is.
//
// It alone holds the game's state (the game in play, a replay's step shown in its place, what
// waits to be played, the bests shown): every change of it is made here, along one path each. A
// move, an undo and a redo take one (_step: guard → engine → keep → record → present); a new
// game, a game restored or followed from another tab, and a replay's step each take theirs; and
// the game shown changes in one place (_show). Its parts, a module of one job each, are given
// what they need, and not the shell itself: values that stay (the page's elements, the storage,
// the view), and functions for what changes (the game in play, whether a replay is shown) or
// what they ask of it (a new game, an undo), so what a part reads and does is in sight where it
// is made. They answer by return value: the order of play (move-queue.js), undo and redo
// (history.js), what a move drawn says (move-words.js), the game's end and
// its panel (ending.js), the bests (bests.js), the clock (clock.js), a replay's step shown in
// the game's place and the game kept aside meanwhile (replay-stage.js), where the game is kept (kept-game.js), reading it and
// which game to start with (dealing.js), keeping in step with other tabs (other-tabs.js), the
// page's buttons for every game (page-controls.js), whose play a result is (standing.js: the
// player's own, practice, with help, or two players'), a timed game's pause (pause.js), the
// game's parameter and its picker (choice.js), and the engine's caution on a deal (caution.js).
//
// Everything that follows the game (the app, the helpers, a game's own wiring) hears it one
// way (watchers.js): shell.watch(fn), fn(what, detail). What it hears:
// - 'dealt' {restored}: a game in play begins (new, restored, followed from another tab, or
//   taken on from a replay), once it is drawn and said;
// - 'game': the position shown was replaced (a game dealt as above, a replay's step, or back
//   from one);
// - 'move' {change, by}: a move made (the engine holds the new position while it is still
//   drawn; `change` is what it changed, `by` who made it), and 'drawn' {change} once it is
//   drawn and said;
// - 'undo';
// - 'kept' {save}: a save of this tab's kept in the records (after its move was drawn);
// - 'taken-back' {moves}: moves drawn here and not kept (another tab's game was kept first),
//   taken back as that game is shown;
// - 'ended' {…the result, id, first}: the game has just ended, with its result for the stats
//   (ending.js): once an attempt (`first`), and again with the same id after an undo and
//   ending again;
// - 'replay' {save, copy}: the player asked to watch a replay (or `copy` its link);
// - 'replay-ended', and 'destroy' (the route closed).
//
// Several tabs: the game in storage is the one every tab shows. When another tab keeps a game
// this one has not seen, this tab follows it, says so, and drops the input it had queued for
// the old board; it checks again before each move, undo or new game of its own, so a tab that
// heard nothing (asleep, just woken) never writes over a newer game (kept-game.js). And a move
// is kept before it is drawn, only over the game this tab shows, atomically across tabs: of two
// tabs moving at once, one move is kept and drawn, and the other tab shows that game instead and
// says its move was not played.
//
// The app (app/app.js) shows one game at a time: it mounts a game's wiring when its route opens
// and calls destroy() when the player leaves, which stops input and frees the game once idle.

import { Bests, endedResult } from './bests.js';
import { watchCautions } from './caution.js';
import { GameClock } from './clock.js';
import { GameEnd } from './ending.js';
import { History } from './history.js';
import { Choice } from './choice.js';
import { isFreshDeal, readKept, startingGame } from './dealing.js';
import { KeptGame, freeGame } from './kept-game.js';
import { MoveQueue, slideDuration } from './move-queue.js';
import { MoveWords } from './move-words.js';
import { ReplayStage } from './replay-stage.js';
import { PAUSED_AS_LEFT, Pause } from './pause.js';
import { OtherTabs } from './other-tabs.js';
import { wirePageControls } from './page-controls.js';
import { Standing, isPastOf } from './standing.js';
import { Watchers, safely } from './watchers.js';
import { writesSettled } from '../store/mirrored.js';
import { addressOf, go } from '../ui/address.js';
import { NEW_GAME_QUESTION, ONE_DEAL, RESTART, SHARED_DEAL_QUESTION, WATCH_REPLAY_QUESTION, announce, ask, pageElements, sentence, showNotice } from '../ui/ui.js';

const NO_STORAGE = 'This browser does not let the page save, so this game will be lost when you leave.';
/** Why this tab's moves are not kept (kept-game.js's onUnkept), in the player's words. */
const UNKEPT = {
  blocked: 'Your moves here are not kept yet: another Gridplay tab is holding up this browser\'s storage (updating or clearing it). Play on; closing other Gridplay tabs lets them be kept.',
  full: 'Your moves here could not be kept: the device\'s storage is full. Play on; free some space and they will be kept again.',
  refused: 'Your moves here could not be kept: the browser refused to store them. Play on, but this game will be lost when you leave.',
};
const KEPT_AGAIN = 'Your moves are kept again.';

// The page's elements (ui.js), which a game's wiring imports from here too.
export { pageElements };

/**
 * The page's next animation frame, asked for now: a function that runs `draw()` inside it (in
 * the frame's own callback, so the change is painted in that frame) and resolves to what
 * `draw()` returns. Null in a hidden tab, which has no frames; where one does not come soon,
 * `draw()` runs anyway.
 */
function nextFrame(doc) {
  const win = doc.defaultView;
  if (!win || doc.hidden) return null;
  let draw = null;
  let fired = false;
  let done;
  const drawn = new Promise((resolve) => { done = resolve; });
  const run = () => {
    if (fired) return;
    fired = true;
    clearTimeout(late);
    if (!draw) return;
    try {
      done(draw());
    } catch (error) {
      done(Promise.reject(error));
    }
  };
  const late = setTimeout(run, 100);
  win.requestAnimationFrame(run);
  return (fn) => {
    if (fired) return fn();
    draw = fn;
    return drawn;
  };
}

export class GameShell {
  /**
   * @param {object} options what a game's wiring gives: docs/design.md, "Adding a game" (step 4)
   * @param {import('./view-contract.js').GameView} options.view the game's view: the view contract
   */
  constructor({
    name, rules, createGame = null, view, storage, elements = null, slideMs = 120, input = null,
    mayPlay = null, loadHelpers = null,
    undo = null, redo = null, panel = null, outcome = null, params = null, slot = '',
    twoPlayers, playerMoved = (game) => game.moveCount() > 0,
  }) {
    Object.assign(this, { name, rules, createGame, view, storage, slideMs, mayPlay, slot });
    /** Whether the player has made a move of their own in a game: every move, where a game
     * says no otherwise (against the computer, its moves are not the player's). */
    this.playerMoved = playerMoved;
    /** The game a save holds; throws (`load: …`) for a text that is no save of it. */
    this.loadGame = (text) => rules.load(text);
    /** Undo and redo (history.js): what a redo could play again. */
    this.history = new History({ enabled: rules.hasUndo(), undo, redo });
    // The game-over panel (ending.js) is in the page before its elements are looked up.
    GameEnd.addPanel(panel, this.undoEnabled);
    this.el = elements ?? pageElements();
    this.doc = this.el.board.ownerDocument; // the page the board is in (its keys, its dialogs)
    /** The game's parameter and its picker (choice.js), if it has one. */
    this.choice = params
      ? new Choice(params, {
        name,
        storage,
        doc: this.doc,
        game: () => this.game,
        closed: () => this._destroyed,
        dialogOpen: () => this.dialogOpen,
        inProgress: () => this.inProgress,
        leaveReplay: () => {
          if (this.replaying) this.endReplay();
        },
        follow: () => this.tabs.follow(),
        ask: (question) => this.ask(question),
        newGame: () => this.newGame(),
      })
      : null;
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
        shouldRun: () => Boolean(this.game) && this.game.clockRuns() && !this.paused && !this._helperThinking,
        mayWrite: () => !this.replaying && this.kept.current,
      })
      : null;
    /** A timed game's pause (pause.js): by the player, or by the tab going to the background. */
    this.pauser = this.clock && Pause.fits(this.el)
      ? new Pause({
        doc: this.doc,
        board: this.el.board,
        clock: this.el.clock,
        canPause: () => Boolean(this.game) && !this.replaying && this.game.clockRuns(),
        dropQueued: () => this.queue.clear(),
        stopClock: () => this.clock.stop(),
        runClock: () => {
          if (this.clock.shouldRun()) this.clock.run();
        },
        say: (text) => this.announce(text),
        status: () => this.statusText(this.game),
        storage,
        key: this.kept.keys.paused,
        attempt: () => this.kept.attempt?.id ?? '',
      })
      : null;

    this.game = null;
    /** The bests kept for the game in play (bests.js): the engine's figure, per kind of deal. */
    this.bests = new Bests({
      rules, name, storage,
      ms: () => this.clock?.ms ?? 0,
      isOwn: (game) => game.moveCount() > 0 && this.standing.of(game) === 'own',
    });
    /** The game's end: when, in what words, and its panel (ending.js). */
    this.end = new GameEnd({
      panel, outcome, view,
      el: this.el,
      doc: this.doc,
      timed: Boolean(this.clock),
      ms: () => this.clock?.ms ?? 0,
      figure: this.bests.figure.name,
      bestsKept: () => this.bests.kept,
      beatenWords: (game) => this.bests.beatenWords(game),
      standingNote: (game) => this.standing.note(game),
      helperFacts: (game) => this.helpers?.made?.facts(game) ?? [],
      game: () => this.game,
      replaying: () => this.replaying,
      closed: () => this._destroyed,
      pageDialogOpen: () => this.pageDialogOpen,
      restartable: () => this.restartable,
      endNote: () => this.endNote?.() ?? null,
      announce: (text) => this.announce(text),
      askReplay: (options) => this.askReplay(options),
      dealSeen: (game) => this.standing.dealSeen(game, this.kept.attempt.id),
      countOnce: () => this.kept.countOnce(),
      attemptId: () => this.kept.attempt.id,
      result: (game) => endedResult(game, {
        bests: this.bests.of(game), outcome: this.ending(game).outcome, ms: this.clock?.ms, standing: this.standing.of(game),
      }),
      daily: slot === 'daily',
    });
    /** Moves and undos waiting to be played, one at a time (move-queue.js), each along its
     * one path here. */
    this.queue = new MoveQueue({
      accepts: () => Boolean(this.game) && !this._resetting && !this._destroyed && !this.replaying && !this.paused,
      live: () => !this._destroyed,
      play: (move, by) => this._step('move', move, by),
      undo: () => this._step('undo'),
      redo: () => this._step('redo'),
      follow: () => this.tabs.follow(),
    });
    /** A replay's step shown in place of the game in play, which it keeps aside (replay-stage.js). */
    this.stage = new ReplayStage(this.el.board);
    /** The one deal this shell plays (the day's), once start() has been given it. */
    this._only = undefined;
    /** The page's note on the game's end (the day's deal's, given to start()), or null. */
    this.endNote = null;
    this._resetting = false;
    this._destroyed = false;
    /** What a move drawn says (move-words.js): a burst once, after its last move. */
    this.words = new MoveWords();
    this._watchers = new Watchers();

    this.storage.onFailure = () => this.notice(NO_STORAGE, 'storage');
    /** Keeps this tab's game and bests in step with other tabs' (other-tabs.js). */
    this.tabs = new OtherTabs({
      doc: this.doc,
      storage,
      kept: this.kept,
      playing: () => !this._destroyed && Boolean(this.game),
      replaying: () => this.replaying,
      followSoon: () => this.queue.follow(),
      dropQueued: () => this.queue.clear(),
      setAside: (game) => this.stage.replacePlayed(game),
      heardBest: (key, value) => this._heardBest(key, value),
      save: () => this.game.save(),
      unkeptMoves: () => this.unkeptMoves(),
      readKept: (recorded) => this._readKept(recorded),
      adopt: (game, said, takenBack) => this._follow(game, said, takenBack),
      showKept: () => this._showKept(),
      announce: (text) => this.announce(text),
      notice: (text, kind, options) => this.notice(text, kind, options),
    });
    // A move drawn and then not kept, because another tab kept its game first: that game is
    // shown in its place, and said (other-tabs.js), once the move being drawn is done.
    this.kept.onLost = () => {
      if (!this._destroyed) this.queue.follow();
    };
    this.kept.onUnkept = (why, error) => this._unkept(why, error);
    this.kept.onKept = (save) => this._watchers.tell('kept', { save });
    // A newer version of the page took the records: this tab says so at once, and takes back
    // any move drawn and not kept once the move being drawn is done (other-tabs.js).
    this.kept.saved.whenOutdated(() => {
      if (this._destroyed) return;
      this.tabs.outdated(false);
      this.queue.follow();
    });
    /** The reasons this tab's moves were not kept that have been said (once each). */
    this._unkeptSaid = new Set();
    watchCautions({
      watch: (fn) => this.watch(fn),
      game: () => this.game,
      replaying: () => this.replaying,
      notice: (text, kind, options) => this.notice(text, kind, options),
      requestNewGame: () => this.requestNewGame(),
    });

    /** Unwires the page's buttons and keys (page-controls.js) when the route closes. */
    this._unwireControls = wirePageControls({
      el: this.el,
      doc: this.doc,
      undoEnabled: this.undoEnabled,
      dialogOpen: () => this.dialogOpen,
      pageDialogOpen: () => this.pageDialogOpen,
      requestNewGame: () => this.requestNewGame(),
      newGame: () => this.newGame(),
      restart: () => this.restart(),
      requestUndo: () => this.requestUndo(),
      requestRedo: () => this.requestRedo(),
      askReplay: (options) => this.askReplay(options),
    });
    /** The game's input (its wiring's `input(port)`): given the board and the queue, never the
     * shell. `blocked()`: true while a dialog is open (the board takes no input); `game()`: the
     * game shown; `tapAct`: the engine's usual act on a square; `squareOf(element)`: the square
     * an element is, where the view names its squares (else null: no taps in a direction game). */
    this.input = input ? input({
      board: this.el.board,
      blocked: () => this.dialogOpen,
      game: () => this.game,
      enqueue: (what) => this.enqueue(what),
      tapAct: this.rules.acts()[0],
      squareOf: this.view.cellOf ? (element) => this.view.cellOf(element) : null,
    }) : null;
    /** Hint, Autoplay, Solve (helpers/buttons.js, a script of its own) if the engine offers them: a
     * Later. The wiring of a game with helpers gives their loader (helpers/load-helpers.js), so a
     * game without carries none of it, and the mid end imports none of the helpers. */
    this.helpers = null;
    if (rules.helps().length && loadHelpers) {
      // The helpers' port (helpers/load-helpers.js's HelpersPort), never the shell: the page,
      // the board, the storage, the game's name and its helps, which stay; and functions for what
      // changes (the game shown, a replay, a dialog, the pause, the queue) and what they ask of
      // it (a move played, a hint marked, help taken, words said).
      const port = {
        doc: this.doc,
        board: this.el.board,
        storage,
        name,
        helps: rules.helps(),
        game: () => this.game,
        closed: () => this._destroyed,
        blocked: () => this.dialogOpen,
        replaying: () => this.replaying,
        paused: () => this.paused,
        isEnded: (game) => this.isEnded(game),
        busy: () => this.busy,
        idle: () => this.idle(),
        watch: (fn) => this.watch(fn),
        play: (move) => this.enqueue({ move }, 'helper'),
        helped: (kind, game) => this._helped(kind, game),
        mayHelp: (kind) => this.standing.mayHelp(kind, this.game, (question) => this.ask(question)),
        // The view marks a hint on its board itself (its showHint), or the helpers' arrow
        // points the hint's direction.
        marksHints: Boolean(this.view.showHint),
        showHint: (move) => this.view.showHint(move, this.game),
        hintText: (move, game) => this.view.hintText?.(move, game),
        // A fact that came after the game-over panel opened (the solver's solution from the
        // start): its details are drawn again.
        redrawEndFacts: () => {
          if (this.el.gameOverDialog.open) this.end.renderSheet(this.el.scoreSheet);
        },
        announce: (text) => this.announce(text),
        notice: (text) => this.notice(text, 'hint'),
        // While the helper works out a hint the player waits, not plays: the clock stands (a
        // solver's first search of a visit builds its tables, seconds), and goes on with the
        // answer, or with a move of the player's meanwhile (_timed runs it again).
        thinking: (on) => {
          this._helperThinking = on;
          if (!this.clock) return;
          if (on) this.clock.stop();
          else if (this.clock.shouldRun()) this.clock.run();
        },
      };
      loadHelpers(port).then((helpers) => { this.helpers = helpers; });
    }
  }

  /**
   * Restores the saved game (or deals a new one) and draws it. With `deal` (a shared link's),
   * that deal replaces the saved game at once unless that game is in progress: then the saved
   * game is drawn and openDeal(deal) asks first. With `only`, `deal` is the one game of this
   * shell (the day's): kept as saved if it is that deal, else dealt afresh, and New game deals
   * it again; `endNote()` is then the page's note on its end in the game-over panel
   * ({text, actions: [{label, onClick}]} or null: whether it is the day's result).
   */
  start({ deal = null, only = false, endNote = null } = {}) {
    this.endNote = endNote;
    if (deal !== null && only) {
      this._only = deal;
      // Its parameters are the deal's: a pick says so, and where another is played.
      this.choice?.fix(() => this.notice(ONE_DEAL, 'one-deal', { action: { label: 'Your own game', onClick: () => go(addressOf(this.name)) } }));
    }
    const { game, restored, shared, left } = startingGame(this._readKept(), {
      deal, only, inProgress: (kept) => this._inProgress(kept), create: (link) => this._create(link),
    });
    /** True iff the one deal (the day's) replaced another day's deal left in progress. */
    this.leftUnfinished = Boolean(left);
    this._begin(game, { restored, said: shared ? 'Shared deal opened.' : restored ? 'Game restored.' : 'New game.' });
    this.checkGameOver();
    // Storage's copy, read at once to draw the board, may lag the record another tab wrote.
    this.kept.confirm().then((newer) => {
      if (!this._destroyed && newer) this.queue.follow();
    });
  }

  /** The game kept in storage (now the one this tab has seen), or null for none: storage's
   * copy, or `recorded` ({text, seq}: the record's, read by other-tabs.js). */
  _readKept(recorded = null) {
    return readKept(this.kept, { load: this.loadGame, name: this.name, notice: (text, kind) => this.notice(text, kind) }, recorded);
  }

  /**
   * This tab's moves are not kept for now (`why`: kept-game.js's onUnkept), or kept again
   * (null): said plainly, once a reason, for the player to act on; play goes on either way.
   */
  _unkept(why, error) {
    if (this._destroyed) return;
    if (why === null) {
      if (this._unkeptSaid.size > 0) this.notice(KEPT_AGAIN, 'unkept');
      return;
    }
    if (this._unkeptSaid.has(why)) return;
    this._unkeptSaid.add(why);
    console.info(`gridplay: moves not kept (${why}):`, error?.message ?? '');
    this.notice(UNKEPT[why], 'unkept', { timeout: 0 });
  }

  /**
   * Opens `deal` (from a shared link). Asks first, in the confirm dialog, if a game with moves
   * is in progress; nothing to do if the game already is that deal untouched. Resolves true
   * iff the deal is now the game.
   */
  async openDeal(deal) {
    if (this._destroyed || !this.game) return false;
    await this.tabs.follow();
    if (isFreshDeal(this.game, deal)) return true;
    if (this.inProgress && !(await this.ask(SHARED_DEAL_QUESTION))) return false;
    if (this._destroyed) return false;
    await this.newGame(deal, 'Shared deal opened.');
    return !this._destroyed && isFreshDeal(this.game, deal);
  }

  /** The current game's deal as a link's text ('seed=7'), or null for a game that has none
   * (tic-tac-toe: every game is the same). */
  link() {
    return this.game?.link() || null;
  }

  /**
   * Whether the player will watch the replay `save`: asked first where watching would make the
   * game in play practice (a replay of its own deal, played out by another go, while this one is
   * under way and still counts; not a point this go has passed); true where there is nothing to
   * ask, or a save that is none.
   */
  async mayWatch(save) {
    let full;
    try {
      full = this.loadGame(save);
    } catch {
      return true; // the viewer says what is wrong with it
    }
    const game = this.game;
    const costs = Boolean(game) && this.inProgress && full.link() === game.link() && !isPastOf(full, game)
      && this.standing.of(game) !== 'practice';
    full.free();
    return !costs || this.ask(WATCH_REPLAY_QUESTION);
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
    this.clock?.destroy();
    this.pauser?.destroy();
    this.tabs.destroy();
    this._watchers.tell('destroy');
    this._watchers.clear();
    this._unwireControls();
    if (this.el.confirmDialog.open) this.el.confirmDialog.close();
    this.end.syncLine();
    this.queue.idle.then(() => {
      freeGame(this.game);
      this.game = null;
    });
  }

  /** Calls `fn(what, detail)` at each of the game's events (above), until 'destroy'; returns
   * a function that stops it. A watcher that fails is logged and never breaks the game. */
  watch(fn) {
    return this._watchers.add(fn);
  }

  /** Asks to watch the replay of `save` (the game in play's by default), or to `copy` its
   * link: told as 'replay' (the app opens the viewer). */
  askReplay({ save = this.game?.save(), copy = false } = {}) {
    if (save) this._watchers.tell('replay', { save, copy });
  }

  /** True once destroy() has been called. */
  get destroyed() {
    return this._destroyed;
  }

  /** True while a move is animating or more moves are waiting. */
  get busy() {
    return this.queue.busy;
  }

  /** Resolves once every queued move has been applied and drawn, and the game kept, with the
   * bests and stats it wrote. */
  async idle() {
    await this.queue.idle;
    // And the game kept: a new deal's write, or the check of the copy read at the start.
    await this.kept.settled();
    await writesSettled();
  }

  /** True while any dialog is open (the shell's or the page's own): the board takes no input. */
  get dialogOpen() {
    return this.el.confirmDialog.open || this.el.gameOverDialog?.open || this.pageDialogOpen;
  }

  /** True while a dialog other than the shell's two is open (a page's own, e.g. a win panel). */
  get pageDialogOpen() {
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

  /** A game is in progress when the player has made a move in it and it has not ended:
   * replacing it needs a confirmation. A game of the computer's moves alone (it started) holds
   * nothing of the player's to lose. */
  get inProgress() {
    return this._inProgress(this.game);
  }

  _inProgress(game) {
    return Boolean(game) && this.playerMoved(game) && !this.isEnded(game);
  }

  /**
   * Queues what the game's input asked for, played after everything queued before it: a
   * direction (`{toward: 'up'}`: an arrow key, a swipe) or an act on a square (`{act: 'dig',
   * cell}`: a tap, a long press, Enter on the cursor's square), which the engine turns into its
   * move for the position it then meets (its `toward` and `onSquare`, as the terminal's keys
   * do); or one of the engine's moves (`{move}`: a helper's, the computer's). Dropped while a
   * dialog is open (the player is answering it). `by`: who plays it, for mayPlay.
   */
  enqueue(input, by = 'player') {
    if (!this.dialogOpen) this.queue.move(input, by);
  }

  /** True while a timed game is paused: the clock stopped, the board hidden, no move taken. */
  get paused() {
    return this.pauser?.paused ?? false;
  }

  /** Queues a redo, as requestUndo an undo. */
  requestRedo() {
    if (this.undoEnabled) this.queue.redo();
    else if (!this.replaying) this.announce(sentence(this.rules.noUndo()));
  }

  /** Queues an undo (if the game has undo: else the engine's words say why there is none); it
   * waits for the moves queued before it. */
  requestUndo() {
    if (this.undoEnabled) this.queue.undo();
    // (The engine's words: the terminal says the same.)
    else if (!this.replaying) this.announce(sentence(this.rules.noUndo()));
  }

  /** True iff the game has undo (and so redo): the engine's hasUndo(). */
  get undoEnabled() {
    return this.history.enabled;
  }

  /**
   * The one path of a move, an undo and a redo, each a queued item played in its turn
   * (move-queue.js), after Tatham's midend_really_process_key and 2048's actuate():
   * - guard: this tab may write, and shows the game kept (else it follows the game kept, or
   *   stops once a newer version keeps it: _guard);
   * - engine: the game decides (a move made, an undo or redo done), or refuses, its reason said;
   * - keep: the clock first (another tab that follows the save reads the time kept with it),
   *   then the game: drawn at once, kept after (kept-game.js), so should another tab have kept
   *   its own move first, this one is taken back on screen and said (kept.onLost);
   * - record: what it changes besides the board (the help taken, the bests, the end), told;
   * - present: drawn, said, and the game's end met (_present).
   * `kind`: 'move' (`input` queued by `by`: see enqueue), 'undo' or 'redo'. Resolves once drawn.
   */
  async _step(kind, input = null, by = 'player') {
    if (!(await this._guard())) return;
    const game = this.game;
    const done = kind === 'undo' ? this.history.undo(game)
      : kind === 'redo' ? this.history.redo(game) : this._decide(game, input, by);
    if (done === null) return;
    if (!done.ok) {
      // (After moves of its burst drawn and not yet said: they are said first, or with the burst's
      // last move where more of it waits.)
      const words = kind === 'move' ? this.words.refused(sentence(done.reason), { waiting: this.queue.waiting > 0 }) : sentence(done.reason);
      if (words !== null) this.announce(words);
      // The view shows where the engine refused a move (a nudge, a shake).
      if (kind === 'move' && !done.held) safely((...args) => this.view.refused?.(...args), input, game);
      if (kind === 'redo') this._syncControls();
      return;
    }
    // A move is drawn inside the next animation frame, as the original 2048 draws its moves: a
    // change made in the key's task, should that task end past a frame's start, would be seen
    // a frame later. (Not where moves wait, a burst drawn at once, nor in a hidden tab.)
    const frame = kind === 'move' && this.queue.waiting === 0 ? nextFrame(this.doc) : null;
    // An undo takes a move back: the clock stays as it is.
    if (kind !== 'undo') this._timed(game);
    this._save();
    // A new move: what undo took back is no longer there to redo (the engine forgot it too).
    // An undo or redo: the moves drawn and not yet said are not to be said.
    if (kind === 'move') this.history.forget();
    else this.words.forget();
    // What the move changed, for the view to animate (null for a game that does not say).
    const change = kind === 'move' ? game.lastMove?.() ?? null : null;
    // (Told now, so its result counts even if the player has just left the game's screen.)
    if (kind === 'undo') this._watchers.tell('undo');
    else this._made(game, by, change);
    if (this._destroyed) return;
    await this._present(game, { kind, change, said: done.said, by, frame });
  }

  /**
   * Whether this tab may play on the game shown: not once a newer version keeps the game (what
   * was drawn here and not kept is taken back, and said), nor while another tab's game, not
   * seen here, is the one kept (it is followed instead, and what was queued for the old board
   * is dropped).
   */
  async _guard() {
    if (this.kept.outdated) {
      this.tabs.lost();
      return false;
    }
    if (await this.tabs.follow()) {
      // (A follow queued meanwhile stays: a move of this tab's may have lost to a newer game.)
      this.queue.dropInput();
      return false;
    }
    return true;
  }

  /**
   * The engine's answer to `input` (queued by `by`) on `game`: its move for the input, then
   * game.play(move) (the game contract): {ok: true, said} made, {ok: false, reason} refused
   * (the game's opponent holding the move back too: mayPlay), or null where nothing more is to
   * be said. On a finished game nothing moves: the panel comes back to say why and to offer
   * New game (the player may have put it away with "See board").
   */
  _decide(game, input, by) {
    if (this.isEnded(game)) {
      this.queue.dropMoves();
      if (!this.el.gameOverDialog?.open) this.checkGameOver({ again: true });
      return null;
    }
    const held = this.mayPlay?.(game, input, by);
    if (held) return { ok: false, reason: held, held: true };
    try {
      const found = 'move' in input ? { ok: true, move: input.move }
        : 'toward' in input ? game.toward(input.toward) : game.onSquare(input.act, input.cell);
      return found.ok ? game.play(found.move) : found;
    } catch (error) {
      // No input of this game at all (a bug in its wiring): refused, the game unchanged.
      console.warn('gridplay: move failed', error);
      return null;
    }
  }

  /**
   * Shows the step just made on `game`: a move animated (inside `frame`, the next animation
   * frame, where one was asked for), an undo or redo drawn at once; then said, with the
   * controls in step, a move made told as 'drawn', and the game's end met: the moves still
   * waiting are dropped (the player has not seen the board they were meant for; a waiting
   * undo stays, since it revives the game) and its panel comes, or goes where an undo revived
   * it. Moves still waiting are dropped too where a page's dialog opened (a win panel).
   */
  async _present(game, { kind, change, said, by, frame }) {
    if (kind === 'move') {
      // With one or two more waiting their slides are shortened; with more (a burst of keys)
      // they are drawn at once, so the board is current soon after the last input.
      const duration = slideDuration(this.queue.waiting, this.slideMs);
      const animate = () => (this._destroyed ? undefined : this.view.animate(game, change, { duration, best: this.bests.first }));
      try {
        await (frame ? frame(animate) : animate());
      } catch (error) {
        console.warn('gridplay: animation failed', error);
      }
      if (this._destroyed) return;
    }
    // Whatever the animation did, the final drawing is the engine's state.
    if (this.game === game && (kind !== 'move' || (this.view.shows && !this.view.shows(game)))) {
      this.view.draw(game, { best: this.bests.first });
    }
    const words = kind === 'undo' ? `Move undone. ${this.statusText(game)}`
      : kind === 'redo' ? `Redone: ${said} ${this.statusText(game)}`.trim()
        : this.words.of(game, {
          said,
          status: this.isEnded(game) ? '' : this.view.status(game, change),
          brief: this.view.brief && !this.isEnded(game) ? this.view.brief(said, game) : undefined,
          by,
          waiting: this.queue.waiting > 0,
        });
    if (words !== null) this.announce(words);
    this._syncControls();
    if (this.game !== game) return;
    if (kind !== 'undo') this._watchers.tell('drawn', { change });
    if (this.pageDialogOpen) {
      // The page stopped play (a win panel, say): what was typed before it showed is void.
      this.queue.dropInput();
      return;
    }
    if (!this.isEnded(game)) {
      if (this.el.gameOverDialog?.open) this.el.gameOverDialog.close();
      return;
    }
    this.queue.dropMoves();
    if (this.queue.waiting > 0) return; // an undo is on its way, or another tab's game
    // A beat to see the last move's slide end before the panel covers the board.
    if (kind === 'move' && !this.view.reducedMotion) await new Promise((resolve) => setTimeout(resolve, 450));
    if (this.game === game && !this._destroyed && !this.queue.undoWaiting) this.checkGameOver();
  }

  /**
   * The clock after a move: running while the game goes on, stopped by a move that ends it
   * (before the bests read it, so they agree), and kept.
   */
  _timed(game) {
    if (!this.clock) return;
    if (game.clockRuns()) this.clock.run();
    else this.clock.stop();
    this.clock.save();
  }

  /**
   * What a move just made and kept (by `by`) changes besides the board and the clock: the help
   * the game took, the bests, and the game's end told.
   */
  _made(game, by = 'player', change = null) {
    if (by === 'helper') this._helped('moves', game);
    const beaten = this.bests.keep(game);
    // A new best is a moment: said with the move, once (with the end, if the move ended the
    // game: ending.js), and marked by the best shown.
    if (beaten.length > 0) {
      if (!this.isEnded(game)) this.words.also(this.bests.beatenWords(game, beaten.map((best) => best.name)));
      this._markBeaten();
    }
    if (this.isEnded(game)) this._watchers.tell('ended', this.end.say(game));
    this._watchers.tell('move', { change, by });
  }

  /** The best shown (a view's #best) is marked new while the game in play has beaten it. */
  _markBeaten() {
    const stat = this.el.best?.closest('.stat');
    if (stat) stat.toggleAttribute('data-new-best', this.bests.beaten.has(this.bests.figure.name));
  }

  /**
   * Keeps the controls in step with the game: the undo button says when there is nothing to
   * undo, the redo button shows while an undo can be played again, and a finished game says so
   * (ending.js).
   */
  _syncControls() {
    this.end.syncLine();
    this.pauser?.draw();
    if (!this.undoEnabled || !this.el.undo) return;
    const nothing = !this.game || this.game.moveCount() === 0;
    // aria-disabled, not disabled: the button keeps focus and still answers ("Nothing to undo").
    this.el.undo.setAttribute('aria-disabled', String(nothing));
    // Redo keeps its room while there is nothing to redo: it comes and goes moving nothing.
    if (!this.el.redo) return;
    const none = !this.history.redoable || this.replaying;
    this.el.redo.dataset.none = String(none);
    // The last redo by its button hides the button: the focus goes to Undo beside it, not to
    // the page's start, where a keyboard or screen reader player would have to find their way back.
    if (none && this.doc.activeElement === this.el.redo && !this.replaying) this.el.undo.focus();
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
    await this.tabs.follow();
    // A game dealt from a link may instead start over from its deal (Tatham's Restart); the
    // day's deal's New game is that already.
    const answer = this.inProgress ? await this.ask(this.restartable ? { ...NEW_GAME_QUESTION, also: RESTART } : NEW_GAME_QUESTION) : true;
    if (answer === 'also') await this.restart();
    else if (answer && !this._destroyed) await this.newGame();
  }

  /** True iff the game in play can be restarted: a deal with a link, and not the day's (whose
   * New game deals it again). */
  get restartable() {
    return this._only === undefined && Boolean(this.link());
  }

  /**
   * The same deal from its start (Tatham's "Restart"), as practice: its deal is now seen (a
   * player who restarts has seen what comes), so the new attempt is not the player's own.
   */
  async restart() {
    const deal = this.restartable ? this.link() : null;
    if (!deal || this._destroyed) return;
    this.standing.dealSeen(this.game, this.kept.attempt.id);
    await this.newGame(deal, 'Restarted: the same deal from its start.', 'restart');
  }

  /**
   * Replaces the game with a new one (the deal `deal`, or a random one) once the current
   * animation is over. `said` is what the live region says before the new game's status.
   */
  async newGame(deal = undefined, said = 'New game.', origin = null) {
    if (this._resetting || this._destroyed) return;
    if (this.replaying) this.endReplay();
    this._resetting = true;
    this.queue.clear();
    try {
      await this.queue.idle;
      // Another tab's game, not yet seen here, is shown instead of being replaced unseen.
      if (this._destroyed || (await this.tabs.follow())) return;

      if (this.el.gameOverDialog?.open) this.el.gameOverDialog.close();
      this._begin(this._create(deal ?? undefined), { said, origin });
    } finally {
      this._resetting = false;
    }
  }

  /**
   * A game in play begins (dealt, restored, or followed from another tab): it replaces the one
   * shown, which is freed, and is said (`said`, then where it stands) and told as 'dealt'.
   */
  _begin(game, { restored = false, said, origin = null }) {
    this.words.forget();
    this._setGame(game, restored, origin);
    // (A game the player paused and left opens paused: what it says of itself is that.)
    this.announce(`${said} ${this.paused ? PAUSED_AS_LEFT : this.statusText(game)}`);
    this._watchers.tell('dealt', { restored });
  }

  /**
   * Makes `game` the game in play (_show), with what comes with it before it is drawn: its
   * parameters shown, a new attempt begun unless `restored` (as `origin`: 'replay', taken on
   * from a replay; else dealt, at a deal seen before or not), kept, its clock, its bests
   * (their keys may differ from the last game's).
   */
  _setGame(game, restored = false, origin = null) {
    this._show(game, () => {
      this.history.forget();
      this.pauser?.forget();
      this.choice?.adopt(game);
      // A game not restored is a new attempt, even at a deal already played (tic-tac-toe's
      // only one), kept at once.
      if (!restored) this.standing.begin(game, origin);
      // A game just read from storage is not written back: a tab following another's game
      // must not write over the next one, should it already be on its way.
      if (game.save() !== this.kept.shown) this._save();
      // A game the player paused and left opens paused (pause.js): before its clock is set, so
      // the clock does not run for a moment first.
      if (restored) this.pauser?.restore();
      // The clock's game is this one: a restored game gets back the time kept for it (and what
      // is kept with it), before the bests read them.
      this.clock?.reset(this.kept.attempt.id, restored);
      this.bests.read(game);
      this.bests.keep(game);
      this._markBeaten();
    });
  }

  /**
   * The one place where the game shown changes: `game` (the game in play, or a replay's step)
   * replaces it, `before()` brings in what comes with it (its bests, its clock), then it is
   * drawn, the controls follow, and it is told ('game'). The game it replaced is freed, unless
   * it is kept aside (`free`: false, the game in play behind a replay's step).
   */
  _show(game, before = null, { free = true } = {}) {
    const old = this.game;
    this.game = game;
    before?.();
    this.view.draw(game, { best: this.bests.first });
    this._syncControls();
    this._watchers.tell('game');
    if (free && old !== game) freeGame(old);
  }

  /** Shows the game-over panel if the game has ended and it has not been put away (ending.js). */
  checkGameOver(options) {
    return this.end.check(options);
  }

  showGameOver() {
    this.end.show();
  }

  /** A replay of `game` is being watched: an attempt at its deal is practice from now on
   * (standing.js). */
  watched(game) {
    this.standing.watched(game, this.game);
  }

  /** The view's word for a step that moves more than one thing (a replay's), else "Step". */
  get stepName() {
    return this.view.stepName ?? 'Step';
  }

  /** Rings `move` on the board where the view can (a replay's next move); null takes it off. */
  showMove(move, { marked = false } = {}) {
    this.view.showMove?.(move, { marked, game: this.game });
  }

  /** Where `game` stands, in words: how it ended (the engine's), or the view's read of it. */
  statusText(game, change = null) {
    return game.ending() ?? this.view.status(game, change);
  }

  announce(text) {
    if (!this._destroyed) announce(this.el.announcer, text);
  }

  notice(text, kind, options) {
    return showNotice(this.el.notices, text, kind, options);
  }

  /** Keeps the game in play (kept-game.js): at once for the page, in the records after; a
   * write lost to another tab's is heard through kept.onLost. */
  _save() {
    return this.replaying ? Promise.resolve(true) : this.kept.write(this.game.save());
  }

  /** How many moves of the game shown were drawn here and not kept (kept-game.js): those past
   * the save this tab last kept or read. */
  unkeptMoves() {
    if (!this.game || !this.kept.unkeptShown) return 0;
    let before = 0;
    try {
      const kept = this.kept.keptBefore ? this.loadGame(this.kept.keptBefore) : null;
      before = kept?.moveCount() ?? 0;
      freeGame(kept);
    } catch {
      // (This tab's own save: it reads.)
    }
    return Math.max(0, this.game.moveCount() - before);
  }

  /**
   * Another tab's game (`game`), kept there, becomes the game in play here, restored, and is
   * said (`said`, and where it stands); `takenBack` moves drawn here and not kept are told.
   * The other tab's choice of size, board or opponent is the choice here too, and a question
   * asked here was about the old board: closed unanswered.
   */
  _follow(game, said, takenBack) {
    const stored = this.choice?.stored() ?? null;
    if (stored !== null) this.choice.value = stored;
    if (this.el.confirmDialog.open) this.el.confirmDialog.close('');
    if (this.el.gameOverDialog?.open) this.el.gameOverDialog.close('');
    if (takenBack > 0) this._watchers.tell('taken-back', { moves: takenBack });
    this._begin(game, { restored: true, said });
  }

  /** `game` took help of `kind` ('hints', 'moves'): counted with help; the first help of a
   * game of the player's own takes back the best it kept (a game with help makes none). */
  _helped(kind, game) {
    const was = this.standing.of(game);
    this.standing.helped(kind, game);
    if (was !== 'own' || this.standing.of(game) === 'own') return;
    if (!this.bests.withdraw(game)) return;
    this._markBeaten();
    if (!this.busy && game === this.game) this.view.draw(game, { best: this.bests.first });
  }

  /** Another tab kept `value` under `key`: where it is a best of the game in play, it is shown
   * (a replay's step is no game of the player's: its bests wait for the viewer to close). */
  _heardBest(key, value) {
    if (this.replaying || !this.bests.concerns(key, this.game)) return;
    if (this.bests.heard(key, value, this.game) && !this.busy) this.view.draw(this.game, { best: this.bests.first });
  }

  /** The game shown goes back to the one this tab last kept (a move or undo played on it was
   * not kept). */
  _showKept() {
    let game;
    try {
      game = this.kept.text ? this.loadGame(this.kept.text) : null;
    } catch {
      return; // (It was this tab's own save: it reads.)
    }
    if (game) this._show(game, () => this.history.forget());
  }

  // ---------- a replay shown in place of the game (features/replay.js) ----------

  /** True while a replay's step is shown in place of the game in play. */
  get replaying() {
    return this.stage.up;
  }

  /**
   * Shows `game`, a replay's step (freed once another replaces it; the viewer is
   * features/replay.js), in place of the game in play, read-only: no move, undo or save, the
   * clock stopped, the game's own controls out of use, while the game in play waits aside
   * until the viewer closes or the player takes the step on ("Play from here").
   */
  showReplayStep(game) {
    if (!this.game || this._destroyed) return;
    const first = !this.stage.up;
    if (first) {
      this.queue.clear();
      // A replay is no time off the clock: it stays stopped, and the board is the step's.
      this.pauser?.forget();
      this.clock?.stop();
      this.clock?.hide(true);
      if (this.el.gameOverDialog?.open) this.el.gameOverDialog.close();
      this.stage.open(this.game);
    }
    // The picker shows the replayed game's parameters (its board, its size) while it is shown.
    // The game in play is kept aside, not freed; a step before this one is freed.
    this._show(game, () => this.choice?.show(this.choice.of(game)), { free: !first });
  }

  /** Back to the game in play; with `adopt`, the step shown becomes the game in play instead. */
  endReplay({ adopt = false } = {}) {
    if (!this.stage.up) return;
    const step = this.game;
    const played = this.stage.close();
    this.clock?.hide(false);
    if (adopt) {
      // Any step taken on, of the player's own game too, is a new attempt and practice: a game
      // lost at its last move is no undo away from a win (standing.js).
      this._setGame(step, false, 'replay');
      freeGame(played);
      this._watchers.tell('replay-ended');
      this._watchers.tell('dealt', { restored: false });
      return;
    }
    this._show(played, () => {
      this._watchers.tell('replay-ended');
      this.choice?.show();
      this.clock?.reset(this.kept.attempt.id, true);
    });
  }

  /** Whether the game kept aside while a replay is shown (or else the game) is in progress. */
  get playedInProgress() {
    return this._inProgress(this.stage.played ?? this.game);
  }

  // ---------- What the pieces around the shell ask it ----------
  // The replay viewer, the focus and the day's deal ask the shell these (the input and the
  // helpers are given ports of their own, above), and never reach through it into its parts
  // (its elements, kept game, standing, view, rules, choice): where the shell keeps what it
  // knows is its own.

  /** The game's board (#board): where its input listens, and where the focus goes back to. */
  get board() {
    return this.el.board;
  }

  /** The line under the board (#how-to) that the replay's bar takes the place of, if the page
   * has one. */
  get howTo() {
    return this.el.howTo;
  }

  /** The id of the game's attempt (a new deal, a restart or a game taken on from a replay is a
   * new one; a move, an undo or a reload is not), or undefined before the first. */
  get attemptId() {
    return this.kept.attempt?.id;
  }

  /** Whose play `game`'s result is: 'own', 'assisted', or practice (standing.js). */
  standingOf(game) {
    return this.standing.of(game);
  }

  /** The help the game in play has taken, in words ('' for none). */
  helpTaken() {
    return this.standing.helpTaken();
  }

  /** `game`'s deal has been seen (`by`: the attempt that saw it): every later go at it is practice. */
  dealSeen(game, by) {
    this.standing.dealSeen(game, by);
  }

  /** Closes the game-over panel, if the page has one (a replay opened from its note). */
  closeGameOver() {
    this.el.gameOverDialog?.close();
  }

  /** The clock's time on the game in play, in ms (0 for a game with no clock). */
  get timeMs() {
    return this.clock?.ms ?? 0;
  }

  /** Shows the parameter in play on its picker again (a choice put back: Custom cancelled). */
  showChoice() {
    this.choice.show();
  }
}

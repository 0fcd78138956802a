// The mid end every Gridplay game shares, after Simon Tatham's puzzles: it owns the current
// game, the queue of moves, undo, saving and restoring, the best, the new-game and game-over
// dialogs, shared deals, notices and the live region. Per game come only its rules (the engine
// in wasm), a view that draws them, and the mapping from the player's input to moves: the
// game's wiring (<game>/mount.js) passes them in as the options below, and the shell does the
// rest (parameters and their picker, the clock, bests, the end panel) once for every game.
//
// What a game's wiring gives `new GameShell({...})`:
//
//   name, storage        short name for the storage keys (gridplay.<name>.save); a SafeStorage
//   rules                the game's class in the engine, which keeps the game contract
//                        (docs/api.md), and from which the shell takes everything it knows of
//                        the rules: a deal is the text of its link (rules.fromLink, game.link());
//                        saves load with rules.load; a move is played with game.play(move), which
//                        makes it or says why not; the game has ended once game.status() is not
//                        "playing"; the bests are what rules.figure() ranks, per game.kind()
//                        (bests.js); a clock runs while game.clockRuns() for a rules.timed() game
//   createGame(params)   a new game dealt at random, with the parameters `params` (below)
//   view                 draws the game:
//     draw(game, {best})                       everything, from the game, now
//     animate(game, change, {duration, best})  a made move → a promise, resolved once drawn
//     status(game, change?)                    what the live region says of the game now
//     ended(game, {ms})                        optional: the words of the game's end (ending.js)
//     reducedMotion                            true: no pause before the game-over panel
//     renderScoreSheet(container, game)        optional: the game-over panel's details
//     shows(game)                              optional: false when the drawing has drifted
//                                              from the game; the shell then redraws
//                        (board-view.js has what the boards of Threes and 2048 share)
//
//   Moves. A move is what the game's play(move) takes (a direction, a cell, {x, y, act}): the
//   game's input makes it, the shell queues it and plays it.
//   input(shell)         wires the game's input to shell.enqueue(move) (and returns what to
//                        destroy() when the route closes); it may ignore input while
//                        shell.dialogOpen, and the shell drops any that still arrives then
//   moveText(move, before, game)  what the live region says of a made move (before: the
//                        board's cells() before it), ahead of the view's status
//   refuse(move, reason, shell)  what a refused move does (say why in the game's words, show
//                        it); `reason` is the engine's. Default: "That move is not possible."
//   mayPlay(game, move, by)  optional: words that hold back a move the rules would allow, for
//                        who may play now (tic-tac-toe: not the player on the computer's turn);
//                        `by` is what enqueue(move, by) was given
//   Direction games (Threes, 2048) spread DIRECTION_MOVES (directions.js) for all three.
//   undo                 true if the game has undo(): then U and Ctrl+Z / ⌘Z (here, for every
//                        game), the #undo button and a game-over button with value="undo";
//                        or a function (game) => boolean that takes back what one undo means
//                        for that game (against the computer, its answer and the player's
//                        move), true iff anything was taken back
//   panel                {title, line, wide, sheet, said}: the game-over panel (ending.js),
//                        made here for every game the same way (ids game-over,
//                        game-over-title, final-score, …): `title` until the ending gives its
//                        own, `line` with {} where the result goes ("Final score {}"), `wide`
//                        for a wide score sheet, `sheet` a class for it, `said` the words
//                        before a score game's "Final score N."; Undo among its buttons when
//                        the game has undo. None (null) for a game that shows its end on its
//                        board, in seconds (tic-tac-toe). While the game has ended, the shell
//                        shows the title and a Show result button in place of #how-to, and a
//                        move tried on the finished game brings the panel back.
//   outcome(game)        optional: "won", "lost", "drawn" or "" where the status does not say
//                        it for the player (tic-tac-toe's winner may be the computer, or either
//                        of two players)
//   params               the game's parameter (a size, a board, an opponent) and its picker:
//                        {name, read(text), write(value), fallback, of(game), show(value),
//                        question(value)}. Kept under gridplay.<name>.<params.name> as
//                        write() wrote it (read() gives null for text it cannot use:
//                        `fallback` then); of(game) is a game's own (null: a game does not
//                        say), show(value) puts it in the picker, and question(value) is what
//                        the confirm dialog asks before a game in progress is replaced. The
//                        picker calls shell.choose(value), which does the asking, keeping and
//                        starting once for every game; `picker` (its element) is out of use
//                        while the shell plays its one deal (start's `only`).
//   slot                 '' for the free game; 'daily' (say) keeps this shell's game and clock
//                        apart from it (gridplay.<name>.daily.save), for start({deal, only}).
//                        Where and how the game is kept: kept-game.js.
//
//   onGame(game, {restored}), onMove(game, change), feedback(game, change): the game's own
//   rules around play (2048's win panel) and the app's vibration; a failing hook is logged.
//   onDestroy(): the route closed; stop what else the game runs (Fifteen's solver).
//   elements (default pageElements()), slideMs (one move's animation).
//
//   The clock of a timed game (shell.clock, clock.js, drawn in #clock) stops when a move ends
//   the game, before the bests read it, and is kept with its game (under its attempt's id), so
//   a reload resumes it.
//
// Others that follow the game (the Hint and Autoplay of shared/ai-controls.js) call shell.watch(fn): fn
// hears 'move' (a move was made: the engine holds the new position while it is still being
// drawn), 'undo', 'game' (a new or restored game, or a replay's step, is the current one),
// 'ended' (the game has ended for the first time: count it), 'replay-ended' and 'destroy'. A
// move that ends a game is said once a game by the event gridplay:ended on the document
// (_sayEnded), which the stats count; a replay makes no move.
//
// Several tabs: the game in storage is the one every tab shows. When another tab keeps a game
// this one has not seen (a move there, a new game, a reload that dealt), this tab follows it,
// says so, and drops the input it had queued for the old board; it checks again before each
// move, undo or new game of its own, so a tab that heard nothing (asleep, just woken) never
// writes over a newer game (kept-game.js). The bests are read again before one is kept.
//
// Besides the contract, the game object must offer save(), moveCount(), free() and startId()
// (which deal it is, whatever its moves: a game kept is told apart from another of its deal by
// its attempt, kept-game.js, which its clock and its being counted once keep to); lastMove()
// if its view animates what a move changed (`change` above); undo() with the undo option;
// score() if it is ranked by its score.
//
// What else a game shares rather than writes: a cell cursor (cursor.js), helpers that think about
// the position (helper.js), the direction games' input (input.js, directions.js), controls
// whose code loads at their first use (later.js).
//
// Input queue: moves (and undos) are applied strictly one at a time, in the order they came,
// each after the previous one's animation has finished; nothing is applied twice. When one or
// two are waiting, their slides are shortened; when more are (a burst of keys), they are drawn
// at once, without a slide, so the board is current soon after the last input. Moves still waiting
// are dropped when the game ends or a page's dialog opens (the player has not seen the board
// they were meant for); a waiting undo survives a game over, since it revives it.
//
// The app (app/app.js) shows one game at a time: it mounts a game's wiring when its route opens
// and calls destroy() when the player leaves, which stops input and frees the game once idle.

import { bestRulesOf, endedResult, readBests, updateBests } from './bests.js';
import { slideDuration } from './board-view.js';
import { GameClock } from './clock.js';
import { GameEnd } from './ending.js';
import { KeptGame } from './kept-game.js';
import { OtherTabs } from './other-tabs.js';
import { isUndoKey, keysBelongTo } from './input.js';
import {
  NEW_GAME_QUESTION, SHARED_DEAL_QUESTION, announce, ask, pageElements, showNotice,
} from './ui.js';

/** The queue items that stand for an undo, and for following another tab's game: symbols, so
 * that no game's move can look like them. */
const UNDO = Symbol('undo');
const FOLLOW = Symbol('follow');

const NOTICE_TEXT = {
  'corrupt-save': 'Your saved game could not be read; a new game has started.',
  storage: 'This browser does not let the page save, so this game will be lost when you leave.',
};

// The page's elements (ui.js), which a game's wiring imports from here too.
export { pageElements };

export class GameShell {
  /** @param {object} options what a game's wiring gives: see the top of this file */
  constructor({
    name,
    rules,
    createGame,
    view,
    storage,
    elements = null,
    slideMs = 120,
    input = null,
    moveText = () => '',
    refuse = (move, reason, shell) => shell.announce('That move is not possible.'),
    mayPlay = null,
    undo = false,
    panel = null,
    outcome = null,
    params = null,
    slot = '',
    onGame = null,
    onMove = null,
    onDestroy = null,
    feedback = null,
  }) {
    this.name = name;
    this.rules = rules;
    this.createGame = createGame;
    /** The game a save holds; throws (`load: …`) for a text that is no save of it. */
    this.loadGame = (text) => rules.load(text);
    this.view = view;
    this.storage = storage;
    this.undoEnabled = Boolean(undo);
    this.undoMove = typeof undo === 'function' ? undo : (game) => game.undo();
    /** The game's end: when, in what words, and its panel (ending.js), which is in the page
     * before its elements are looked up. */
    this.end = new GameEnd(this, { panel, outcome });
    this.el = elements ?? pageElements();
    this.doc = this.el.board.ownerDocument; // the page the board is in (its keys, its dialogs)
    this.slideMs = slideMs;
    this.moveText = moveText;
    this.refuse = refuse;
    this.mayPlay = mayPlay;
    /** The figures kept as bests (bests.js): the engine's figure, per kind of deal. */
    this.bestRules = bestRulesOf(rules, name);
    this.paramRule = params;
    /** The parameters the next new game gets (a size, a board): the player's last choice. */
    this.params = params ? params.read(storage.get(`gridplay.${name}.${params.name}`)) ?? params.fallback : undefined;
    // A slot (the day's deal: 'daily') keeps its game and clock apart from the free game's.
    this.kept = new KeptGame(storage, slot ? `gridplay.${name}.${slot}` : `gridplay.${name}`);
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
    this.onGame = onGame;
    this.onMove = onMove;
    this.onDestroy = onDestroy;
    this.feedback = feedback;

    this.game = null;
    /** The bests kept for the current game's keys, by name: each a whole number above 0, or
     * null for none yet; `best` is the first (the one a view draws). */
    this.bests = {};
    this.best = null;
    this._queue = [];
    this._running = false;
    this._idle = Promise.resolve();
    this._resetting = false;
    this._destroyed = false;
    this._watchers = new Set();

    this.storage.onFailure = () => this.notice(NOTICE_TEXT.storage, 'storage');
    /** Keeps this tab's game and bests in step with other tabs' (other-tabs.js). */
    this.tabs = new OtherTabs(this, freeGame);

    // Listeners on elements that outlive this shell (the header's New game button, the
    // document) are removed again in destroy().
    this._onNewGame = () => this.requestNewGame();
    this._onUndo = () => this.requestUndo();
    this._onGameOverClose = () => {
      const choice = this.el.gameOverDialog.returnValue;
      if (choice === 'new') this.newGame();
      else if (choice === 'undo') this.requestUndo();
      // The app opens the replay viewer on the game, or copies its link (app.js listens).
      else if (choice.endsWith('replay')) {
        this.doc.dispatchEvent(new CustomEvent('gridplay:replay', { detail: { save: this.game.save(), copy: choice === 'copy-replay' } }));
      }
    };
    // The undo keys are the same in every game, so they are here, not in each game's input.
    this._onUndoKey = (event) => {
      if (event.defaultPrevented || event.isComposing || !isUndoKey(event)) return;
      // The game-over panel offers Undo itself, so there the keys do what its button does;
      // any other dialog keeps its keys.
      const onlyGameOver = this.el.gameOverDialog?.open && !this.el.confirmDialog.open && !this._pageDialogOpen();
      if (!onlyGameOver && (keysBelongTo(event.target) || this.dialogOpen)) return;
      event.preventDefault();
      if (!event.repeat) this.requestUndo();
    };
    this.el.newGame.addEventListener('click', this._onNewGame);
    if (this.undoEnabled) {
      this.el.undo?.addEventListener('click', this._onUndo);
      this.doc.addEventListener('keydown', this._onUndoKey);
    }
    this.el.gameOverDialog?.addEventListener('close', this._onGameOverClose);

    this.input = input ? input(this) : null;
  }

  /**
   * Restores the saved game (or deals a new one) and draws it. With `deal` (a shared link's
   * text, as the game writes it: `size=4/seed=7`),
   * that deal replaces the saved game at once unless that game is in progress: then the saved
   * game is drawn and openDeal(deal) asks first. With `only`, `deal` is the one game of this
   * shell (the day's): kept as saved if it is that deal, else dealt afresh.
   */
  start({ deal = null, only = false } = {}) {
    let game = this._readKept();
    let restored = Boolean(game);
    let shared = false;
    if (deal !== null && only) {
      // The only deal this slot plays (the day's): its game as kept, whatever state it is in,
      // or else (another day's) a fresh one, and New game deals it again.
      this._only = deal;
      if (this.paramRule?.picker) this.paramRule.picker.inert = true; // its parameters are the deal's
      const fresh = this._create(deal);
      if (game?.startId() === fresh.startId()) {
        freeGame(fresh);
      } else {
        freeGame(game);
        [game, restored] = [fresh, false];
      }
    } else if (deal !== null && !this._inProgress(game)) {
      shared = true;
      if (!this._isFreshDeal(game, deal)) {
        freeGame(game);
        game = this._create(deal);
        restored = false;
      }
    }
    this._setGame(game ?? this._create(undefined), restored);
    const status = this.view.status(this.game);
    if (shared) this.announce(`Shared deal opened. ${status}`);
    else this.announce(restored ? `Game restored. ${status}` : `New game. ${status}`);
    this._hook(this.onGame, this.game, { restored });
    this.checkGameOver();
  }

  /**
   * The game kept in storage (now the one this tab has seen), or null for none. A save that
   * cannot be read is set aside, and the player told, before a new game is saved over it.
   */
  _readKept() {
    const saved = this.kept.read();
    // An empty text is no save at all (nothing to set aside, nothing to tell the player).
    if (saved === null || saved === '') return null;
    try {
      const game = this.loadGame(saved);
      this.kept.restore(game);
      return game;
    } catch (error) {
      console.info(`gridplay: saved ${this.name} game unreadable, starting anew:`, error?.message ?? error);
      // The new game is saved over it at once; the text is set aside first, so a save that a
      // later version (or a bug report) can read is not thrown away.
      this.kept.setAside(saved);
      this.notice(NOTICE_TEXT['corrupt-save'], 'corrupt-save');
      return null;
    }
  }

  /**
   * Opens `deal` (from a shared link). Asks first, in the confirm dialog, if a game with moves
   * is in progress; nothing to do if the game already is that deal untouched. Resolves true
   * iff the deal is now the game.
   */
  async openDeal(deal) {
    if (this._destroyed || !this.game) return false;
    this.tabs.follow();
    if (this._isFreshDeal(this.game, deal)) return true;
    if (this.inProgress && !(await this.ask(SHARED_DEAL_QUESTION))) return false;
    if (this._destroyed) return false;
    await this.newGame(deal, `Shared deal opened.`);
    return !this._destroyed && this._isFreshDeal(this.game, deal);
  }

  /** The current game's deal as a link's text ('seed=7'), or null for a game that has none
   * (tic-tac-toe: every game is the same). */
  link() {
    return this.game?.link() || null;
  }

  /** True iff `game` is the deal `deal` (a link's text, as the game writes it) untouched. */
  _isFreshDeal(game, deal) {
    // The link is a deal's written form, so two deals are the same iff their links are.
    return Boolean(game) && game.moveCount() === 0 && game.link() === deal;
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
    this._queue.length = 0;
    if (this.replaying) this.endReplay();
    this.input?.destroy();
    this._hook(this.onDestroy);
    this.clock?.destroy();
    this.tabs.destroy();
    this._tell('destroy');
    this._watchers.clear();
    this.doc.removeEventListener('keydown', this._onUndoKey);
    this.el.newGame.removeEventListener('click', this._onNewGame);
    this.el.undo?.removeEventListener('click', this._onUndo);
    this.el.gameOverDialog?.removeEventListener('close', this._onGameOverClose);
    if (this.el.confirmDialog.open) this.el.confirmDialog.close();
    this._syncEnded();
    this._idle.then(() => {
      freeGame(this.game);
      this.game = null;
    });
  }

  /**
   * Calls `fn(what)` whenever the position changes ('move', 'undo', 'game') and once at
   * 'destroy'; returns a function that stops it.
   */
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
    return this._running || this._queue.length > 0;
  }

  /** Resolves once every queued move has been applied and drawn. */
  idle() {
    return this._idle;
  }

  /** True while any dialog is open (the shell's or the page's own): the board takes no input. */
  get dialogOpen() {
    return this.el.confirmDialog.open || this.el.gameOverDialog?.open || this._pageDialogOpen();
  }

  /** True while a dialog other than the shell's two is open (a page's own, e.g. a win panel). */
  _pageDialogOpen() {
    for (const dialog of this.doc.querySelectorAll('dialog[open]')) {
      if (dialog !== this.el.confirmDialog && dialog !== this.el.gameOverDialog) return true;
    }
    return false;
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

  /**
   * Queues a move from the game's input; it is applied after every move queued before it.
   * Input while a dialog is open is dropped: the player is answering the dialog, not playing.
   * `by` says who plays it, for mayPlay (tic-tac-toe's computer).
   */
  enqueue(move, by = 'player') {
    if (this.dialogOpen) return;
    this._push({ move, by });
  }

  /** Queues an undo (if the game has undo): it waits for the moves queued before it. */
  requestUndo() {
    if (this.undoEnabled) this._push(UNDO);
  }

  _push(item) {
    if (!this.game || this._resetting || this._destroyed || this.replaying) return;
    this._queue.push(item);
    if (!this._running) this._idle = this._pump();
  }

  async _pump() {
    this._running = true;
    try {
      while (this._queue.length > 0 && !this._destroyed) {
        const item = this._queue.shift();
        if (item === UNDO) await this._undo();
        else if (item === FOLLOW) this.tabs.follow();
        else await this._play(item.move, item.by);
      }
    } finally {
      this._running = false;
    }
  }

  /** Another tab's game is followed once the move being drawn is done (other-tabs.js); what
   * was queued was meant for the board shown, and is dropped. */
  _followNext() {
    this._queue.length = 0;
    this._push(FOLLOW);
  }

  /** Forgets the moves still waiting; a waiting undo stays (it may revive a finished game). */
  _dropMoves() {
    const undos = this._queue.filter((item) => item === UNDO);
    this._queue.length = 0;
    this._queue.push(...undos);
  }

  async _play(move, by) {
    if (this.tabs.follow()) {
      this._queue.length = 0;
      return;
    }
    const game = this.game;
    if (this.isEnded(game)) {
      this._dropMoves();
      // The player is trying to play on a finished game (after "See board"): nothing moves, so
      // the panel comes back to say why and to offer New game.
      if (!this.el.gameOverDialog?.open) this.checkGameOver();
      return;
    }
    const held = this.mayPlay?.(game, move, by);
    if (held) {
      this.announce(held);
      return;
    }
    const before = game.cells();
    let result;
    try {
      result = game.play(move);
    } catch (error) {
      // No move of this game at all (a bug in its input): refused, the game unchanged.
      console.warn('gridplay: move failed', error);
      result = { ok: false, reason: String(error?.message ?? error) };
    }
    if (!result.ok) {
      this._hook(this.refuse, move, result.reason, this);
      return;
    }
    // The time is taken when the move ends the game, before the bests read it: they agree.
    if (this.clock) {
      if (game.clockRuns()) this.clock.run();
      else this.clock.stop();
      this.clock.save();
    }
    this._keepBests();
    this._save();
    if (this.isEnded(game)) this._sayEnded(game);
    this._tell('move');
    // What the move changed, for the view to animate (null for a game that does not say).
    const change = game.lastMove?.() ?? null;
    this._hook(this.feedback, game, change);
    const duration = slideDuration(this._queue.length, this.slideMs);
    try {
      await this.view.animate(game, change, { duration, best: this.best });
    } catch (error) {
      console.warn('gridplay: animation failed', error);
    }
    if (this._destroyed) return;
    // Whatever the animation did, the final drawing is the engine's state.
    if (this.game === game && this.view.shows && !this.view.shows(game)) this.view.draw(game, { best: this.best });
    let said = '';
    try {
      said = this.moveText(move, before, game);
    } catch (error) {
      console.warn('gridplay: page hook failed', error);
    }
    this.announce([said, this.view.status(game, change)].filter(Boolean).join(' '));
    this._syncControls();
    if (this.game !== game) return;
    this._hook(this.onMove, game, change);
    if (this._pageDialogOpen()) {
      // The page stopped play (a win panel, say): what was typed before it showed is void.
      this._queue.length = 0;
      return;
    }
    if (this.isEnded(game)) {
      this._dropMoves();
      if (this._queue.length > 0) return; // an undo is on its way
      if (!this.view.reducedMotion) await new Promise((resolve) => setTimeout(resolve, 450));
      if (this.game === game && !this._destroyed && !this._queue.includes(UNDO)) this.checkGameOver();
    }
  }

  /** Takes back the last move, drawn at once; says so, or that there is nothing to undo. */
  async _undo() {
    if (this.tabs.follow()) {
      this._queue.length = 0;
      return;
    }
    const game = this.game;
    let undone = false;
    try {
      undone = this.undoMove(game);
    } catch (error) {
      console.warn('gridplay: undo failed', error);
    }
    if (!undone) {
      this.announce('Nothing to undo.');
      return;
    }
    this._save();
    this._tell('undo');
    this.view.draw(game, { best: this.best });
    this._syncControls();
    if (this.el.gameOverDialog?.open && !this.isEnded(game)) this.el.gameOverDialog.close();
    this.announce(`Move undone. ${this.view.status(game)}`);
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
   * undo, and a finished game says so (_syncEnded).
   */
  _syncControls() {
    this._syncEnded();
    if (!this.undoEnabled || !this.el.undo) return;
    const nothing = !this.game || this.game.moveCount() === 0;
    // aria-disabled, not disabled: the button keeps focus and still answers ("Nothing to undo").
    this.el.undo.setAttribute('aria-disabled', String(nothing));
  }

  _syncEnded() {
    this.end.syncLine();
  }

  /** The deal `deal` (a link's text; this shell's only deal if it has one), or a new game
   * with the current parameters. */
  _create(deal) {
    const link = deal ?? this._only;
    return link === undefined ? this.createGame(this.params) : this.rules.fromLink(link);
  }

  /**
   * The player picked `value` (a size, a board, an opponent): a new game with it, asking first
   * while a game is in progress. Kept, it is stored (the next visit starts with it); kept out
   * (the player went on with the game), the picker shows the game's own again. Resolves true
   * iff the new game started.
   */
  async choose(value) {
    const rule = this.paramRule;
    if (!rule || !this.game || this._destroyed || this.dialogOpen) return false;
    if (this.replaying) this.endReplay();
    this.tabs.follow();
    const write = (v) => rule.write(v);
    if (write(value) === write(rule.of(this.game) ?? this.params)) return false;
    if (this.inProgress && !(await this.ask(rule.question(value)))) {
      rule.show(rule.of(this.game) ?? this.params);
      return false;
    }
    if (this._destroyed) return false;
    this.params = value;
    this.storage.set(`gridplay.${this.name}.${rule.name}`, write(value));
    rule.show(value);
    await this.newGame();
    return true;
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
    this._queue.length = 0;
    try {
      await this._idle;
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
   * parameters shown, its clock, saved, drawn.
   */
  _setGame(game, restored = false) {
    this.game = game;
    if (this.paramRule) {
      // The game's own parameters are the choice now (a shared deal's size, a restored board).
      this.params = this.paramRule.of(game) ?? this.params;
      this.paramRule.show(this.params);
    }
    // A game not restored is a new attempt, even at a deal already played (tic-tac-toe's only
    // one), kept at once.
    if (!restored) this.kept.begin(game);
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

  /**
   * Shows the game-over panel if the game has ended, unless a page's own dialog is open (that
   * page calls this again when its dialog closes).
   */
  checkGameOver() {
    return this.end.check();
  }

  showGameOver() {
    this.end.show();
  }

  /**
   * Tells the page (app.js, which keeps the stats) that `game` has just ended, by the event
   * gridplay:ended on the document, whose detail is the result: its outcome, its figure (the
   * first best's name, `lower`, the key that names its board as `kind`, and its value: none
   * when that best does not count it), its moves, its time and its attempt's `id`; and the
   * watchers hear 'ended'. Once a game, in whichever tab: an undo and ending again, or another
   * tab that follows it, says nothing.
   */
  _sayEnded(game) {
    if (!this.kept.countOnce()) return;
    const detail = { ...endedResult(this.bestRules, game, this), id: this.kept.attempt.id };
    this.doc.dispatchEvent(new CustomEvent('gridplay:ended', { detail }));
    this._tell('ended');
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

  // ---------- a replay shown in place of the game (shared/replay.js) ----------

  /** True while a replay's step is shown in place of the game in play. */
  get replaying() {
    return Boolean(this._played);
  }

  /** Shows `game`, a replay's step (freed once another replaces it), in place of the game in
   * play, read-only: no move, undo or save, the clock stopped, the game in play kept aside. */
  showReplayStep(game) {
    if (!this.game || this._destroyed) return;
    if (!this._played) {
      this._played = this.game;
      this._queue.length = 0;
      this.clock?.stop();
      if (this.el.gameOverDialog?.open) this.el.gameOverDialog.close();
    } else {
      freeGame(this.game);
    }
    this.game = game;
    // The picker shows the replayed game's parameters (its board, its size) while it is shown.
    this.paramRule?.show(this.paramRule.of(game) ?? this.params);
    this.view.draw(game, { best: this.best });
    this._syncControls();
    this._tell('game');
  }

  /** Back to the game in play; with `adopt`, the step shown becomes the game in play instead. */
  endReplay({ adopt = false } = {}) {
    const [shown, played] = [this.game, this._played];
    if (!played) return;
    this._played = null;
    this.game = played;
    this._tell('replay-ended');
    if (adopt) {
      // A step of the game kept aside is that game taken back (as undo would), the same
      // attempt, counted once; any other game is a new one.
      this._setGame(shown, shown.startId() === played.startId());
      freeGame(played);
      this._hook(this.onGame, shown, { restored: false });
      return;
    }
    freeGame(shown);
    this.paramRule?.show(this.params);
    this.clock?.reset(this.kept.attempt.id, true);
    this.view.draw(played, { best: this.best });
    this._syncControls();
    this._tell('game');
  }

  /** Whether the game kept aside while a replay is shown (or else the game) is in progress. */
  get playedInProgress() {
    return this._inProgress(this._played ?? this.game);
  }
}

/** Releases a game's wasm memory; a game already freed (or none) is fine. */
function freeGame(game) {
  try {
    game?.free?.();
  } catch {
    // Already freed: nothing to release.
  }
}

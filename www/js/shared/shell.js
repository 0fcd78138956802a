// The game controller every Gridplay page shares: it owns the current game, the input queue,
// saving and restoring, the new-game and game-over dialogs, notices and the live region.
//
// What is game-specific comes in from the page: how to create and load a game, and a view
// (see threes/view.js for the contract) that draws it. The game object must offer move(dir),
// lastMove(), getGrid(), score(), moveCount(), isOver(), save() and free(); with the `undo`
// option also undo(). Pages add their own rules through hooks (onGame, onMove), never here.
//
// Input queue: directions (and undos) are applied strictly one at a time, in the order they
// came, each after the previous one's animation has finished; nothing is applied twice. When
// several are waiting, animations are shortened so the board catches up quickly. Moves still
// waiting are dropped when the game ends or a page's dialog opens (the player has not seen
// the board they were meant for); a waiting undo survives a game over, since it revives it.
//
// The app (app.js) shows one game at a time: it creates a shell when a game's route opens and
// calls destroy() when the player leaves, which stops input and frees the game once idle.

import { Input } from './input.js';
import { NEW_GAME_QUESTION, announce, ask, showNotice } from './ui.js';

export { showNotice };

/** The queue item that stands for an undo (every other item is a direction). */
const UNDO = 'undo';

/** Animation length of one move, by how many more moves are waiting behind it. */
export function slideDuration(waiting, base = 120) {
  if (waiting === 0) return base;
  if (waiting <= 2) return Math.round(base * 0.6);
  return Math.round(base * 0.3);
}

const NOTICE_TEXT = {
  'corrupt-save': 'Your saved game could not be read; a new game has started.',
  storage: 'This browser does not let the page save, so this game will be lost when you leave.',
};

/** What the confirm dialog asks before a shared deal replaces a game in progress. */
const SHARED_DEAL_QUESTION = {
  title: 'Open the shared deal?',
  text: 'The shared deal replaces your current game, which will be lost.',
  ok: 'Open deal',
  cancel: 'Keep my game',
};

/**
 * The page's elements a shell drives, by the ids every game view in index.html uses: the
 * header's New game button, the shared confirm dialog and live regions, and the view's board,
 * game-over dialog and (where the game has undo) Undo button.
 */
export function pageElements() {
  const byId = (id) => document.getElementById(id);
  return {
    board: byId('board'),
    newGame: byId('new-game'),
    undo: byId('undo'),
    confirmDialog: byId('confirm-dialog'),
    gameOverDialog: byId('game-over'),
    finalScore: byId('final-score'),
    scoreSheet: byId('score-sheet'),
    notices: byId('notices'),
    announcer: byId('announcer'),
  };
}

/** A game with moves that is not over: replacing it needs a confirmation. */
const inProgress = (game) => Boolean(game) && game.moveCount() > 0 && !game.isOver();

/** True iff `game` is the deal of `seed`, untouched (no moves yet). */
const isFreshDeal = (game, seed) => Boolean(game) && game.seed() === seed && game.moveCount() === 0;

export class GameShell {
  /**
   * @param {object} options
   * @param {string} options.name                 short game name, used in storage keys ("threes")
   * @param {(seed?: number) => object} options.createGame  a fresh game: the deal of `seed`,
   *                                              or a random deal without one
   * @param {(text: string) => object} options.loadGame  a game from save(); throws on bad text
   * @param {object} options.view                 draws the game (see threes/view.js)
   * @param {import('./storage.js').SafeStorage} options.storage
   * @param {object} [options.elements]           board, newGame, confirmDialog, gameOverDialog,
   *                                              finalScore, scoreSheet, notices, announcer;
   *                                              optional: undo (a button). Default: the
   *                                              page's, by id (pageElements())
   * @param {number} [options.slideMs]            length of one move's animation
   * @param {boolean} [options.undo]              the game has undo(): U, Ctrl+Z / ⌘Z, the undo
   *                                              button and a game-over button with value="undo"
   * @param {(game: object, info: {restored: boolean}) => void} [options.onGame]
   *        called when a game becomes the current one (on start, and for each new game)
   * @param {(game: object, move: object) => void} [options.onMove]
   *        called after each move is drawn and announced. If it opens a dialog, the moves
   *        still queued are dropped and a game over waits: call checkGameOver() once the
   *        dialog closes.
   * @param {(score: number) => string} [options.gameOverText]  what the live region says when
   *        the game ends
   * @param {(game: object, move: object) => void} [options.feedback]  called after every legal
   *        move, before it is animated (the app's vibration on merges)
   */
  constructor({
    name,
    createGame,
    loadGame,
    view,
    storage,
    elements = pageElements(),
    slideMs = 120,
    undo = false,
    onGame = null,
    onMove = null,
    gameOverText = (score) => `No more moves. Final score ${formatScore(score)}.`,
    feedback = null,
  }) {
    this.name = name;
    this.createGame = createGame;
    this.loadGame = loadGame;
    this.view = view;
    this.storage = storage;
    this.el = elements;
    this.slideMs = slideMs;
    this.undoEnabled = Boolean(undo);
    this.onGame = onGame;
    this.onMove = onMove;
    this.gameOverText = gameOverText;
    this.feedback = feedback;
    this.keys = {
      save: `gridplay.${name}.save`,
      best: `gridplay.${name}.best`,
      unreadable: `gridplay.${name}.unreadable-save`,
    };

    this.game = null;
    this.best = 0;
    this._queue = [];
    this._running = false;
    this._idle = Promise.resolve();
    this._resetting = false;
    this._destroyed = false;

    this.storage.onFailure = () => this.notice(NOTICE_TEXT.storage, 'storage');

    this.input = new Input({
      board: this.el.board,
      onDirection: (direction) => this.enqueue(direction),
      onUndo: this.undoEnabled ? () => this.requestUndo() : null,
      isBlocked: () => this.dialogOpen,
    });

    // Listeners on elements that outlive this shell (the header's New game button) are
    // removed again in destroy().
    this._onNewGame = () => this.requestNewGame();
    this._onUndo = () => this.requestUndo();
    this._onGameOverClose = () => {
      const choice = this.el.gameOverDialog.returnValue;
      if (choice === 'new') this.newGame();
      else if (choice === 'undo') this.requestUndo();
    };
    this.el.newGame.addEventListener('click', this._onNewGame);
    if (this.undoEnabled) this.el.undo?.addEventListener('click', this._onUndo);
    this.el.gameOverDialog.addEventListener('close', this._onGameOverClose);
  }

  /**
   * Restores the saved game (or deals a new one) and draws it. With `seed` (a shared link),
   * the deal of that seed replaces the saved game at once unless that game is in progress:
   * then the saved game is drawn and openDeal(seed) asks first.
   */
  start({ seed = null } = {}) {
    this.best = this._readBest();
    const saved = this.storage.get(this.keys.save);
    let game = null;
    if (saved !== null) {
      try {
        game = this.loadGame(saved);
      } catch (error) {
        console.info(`gridplay: saved ${this.name} game unreadable, starting anew:`, error?.message ?? error);
        // The new game is saved over it at once; the text is set aside first, so a save that a
        // later version (or a bug report) can read is not thrown away.
        this.storage.set(this.keys.unreadable, saved);
        this.notice(NOTICE_TEXT['corrupt-save'], 'corrupt-save');
      }
    }
    let restored = Boolean(game);
    let shared = false;
    if (seed !== null && !inProgress(game)) {
      shared = true;
      if (!isFreshDeal(game, seed)) {
        freeGame(game);
        game = this.createGame(seed);
        restored = false;
      }
    }
    this.game = game ?? this.createGame();
    this._updateBest();
    this._save();
    this.view.draw(this.game, { best: this.best });
    this._syncControls();
    const status = this.view.status(this.game);
    if (shared) this.announce(`Shared deal opened. ${status}`);
    else this.announce(restored ? `Game restored. ${status}` : `New game. ${status}`);
    this._hook(this.onGame, this.game, { restored });
    this.checkGameOver();
  }

  /**
   * Opens the deal of `seed` (a shared link). Asks first, in the confirm dialog, if a game
   * with moves is in progress; nothing to do if the game already is that deal untouched.
   * Resolves true iff the deal is now the game.
   */
  async openDeal(seed) {
    if (this._destroyed || !this.game) return false;
    if (isFreshDeal(this.game, seed)) return true;
    if (this.inProgress && !(await this.ask(SHARED_DEAL_QUESTION))) return false;
    if (this._destroyed) return false;
    await this.newGame(seed, `Shared deal opened.`);
    return !this._destroyed && isFreshDeal(this.game, seed);
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
    this.input.destroy();
    this.el.newGame.removeEventListener('click', this._onNewGame);
    this.el.undo?.removeEventListener('click', this._onUndo);
    this.el.gameOverDialog.removeEventListener('close', this._onGameOverClose);
    if (this.el.confirmDialog.open) this.el.confirmDialog.close();
    this._idle.then(() => {
      freeGame(this.game);
      this.game = null;
    });
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
    return this.el.confirmDialog.open || this.el.gameOverDialog.open || this._pageDialogOpen();
  }

  /** True while a dialog other than the shell's two is open (a page's own, e.g. a win panel). */
  _pageDialogOpen() {
    for (const dialog of this.el.board.ownerDocument.querySelectorAll('dialog[open]')) {
      if (dialog !== this.el.confirmDialog && dialog !== this.el.gameOverDialog) return true;
    }
    return false;
  }

  /** A game is in progress when it has moves and is not over: replacing it needs a confirmation. */
  get inProgress() {
    return inProgress(this.game);
  }

  /** Queues a move; it is applied after every move queued before it. */
  enqueue(direction) {
    this._push(direction);
  }

  /** Queues an undo (if the game has undo): it waits for the moves queued before it. */
  requestUndo() {
    if (this.undoEnabled) this._push(UNDO);
  }

  _push(item) {
    if (!this.game || this._resetting || this._destroyed) return;
    this._queue.push(item);
    if (!this._running) this._idle = this._pump();
  }

  async _pump() {
    this._running = true;
    try {
      while (this._queue.length > 0 && !this._destroyed) {
        const item = this._queue.shift();
        if (item === UNDO) await this._undo();
        else await this._play(item);
      }
    } finally {
      this._running = false;
    }
  }

  /** Forgets the moves still waiting; a waiting undo stays (it may revive a finished game). */
  _dropMoves() {
    const undos = this._queue.filter((item) => item === UNDO);
    this._queue.length = 0;
    this._queue.push(...undos);
  }

  async _play(direction) {
    const game = this.game;
    if (game.isOver()) {
      this._dropMoves();
      return;
    }
    let moved;
    try {
      moved = game.move(direction);
    } catch (error) {
      console.warn('gridplay: move failed', error);
      moved = false;
    }
    if (!moved) {
      this._refuse(direction);
      return;
    }
    this._updateBest();
    this._save();
    const move = game.lastMove();
    this._hook(this.feedback, game, move);
    const duration = slideDuration(this._queue.length, this.slideMs);
    try {
      await this.view.animate(game, move, { duration, best: this.best });
    } catch (error) {
      console.warn('gridplay: animation failed', error);
    }
    if (this._destroyed) return;
    // Whatever the animation did, the final drawing comes from the engine's grid.
    if (this.game === game && !this._drawnMatches(game)) this.view.draw(game, { best: this.best });
    this.announce(`Moved ${direction}. ${this.view.status(game, move)}`);
    this._syncControls();
    if (this.game !== game) return;
    this._hook(this.onMove, game, move);
    if (this._pageDialogOpen()) {
      // The page stopped play (a win panel, say): what was typed before it showed is void.
      this._queue.length = 0;
      return;
    }
    if (game.isOver()) {
      this._dropMoves();
      if (this._queue.length > 0) return; // an undo is on its way
      if (!this.view.reducedMotion) await new Promise((resolve) => setTimeout(resolve, 450));
      if (this.game === game && !this._destroyed && !this._queue.includes(UNDO)) this.checkGameOver();
    }
  }

  /** Takes back the last move, drawn at once; says so, or that there is nothing to undo. */
  async _undo() {
    const game = this.game;
    let undone = false;
    try {
      undone = game.undo();
    } catch (error) {
      console.warn('gridplay: undo failed', error);
    }
    if (!undone) {
      this.announce('Nothing to undo.');
      return;
    }
    this._save();
    this.view.draw(game, { best: this.best });
    this._syncControls();
    if (this.el.gameOverDialog.open && !game.isOver()) this.el.gameOverDialog.close();
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

  /** Keeps the controls in step with the game: the undo button says when there is nothing to undo. */
  _syncControls() {
    if (!this.undoEnabled || !this.el.undo) return;
    const nothing = !this.game || this.game.moveCount() === 0;
    // aria-disabled, not disabled: the button keeps focus and still answers ("Nothing to undo").
    this.el.undo.setAttribute('aria-disabled', String(nothing));
  }

  /** True iff the tiles drawn equal the game's grid. */
  _drawnMatches(game) {
    const grid = game.getGrid();
    const seen = grid.map((row) => row.map(() => 0));
    for (const tile of this.el.board.querySelectorAll('.tile')) {
      const r = Number(tile.dataset.row);
      const c = Number(tile.dataset.col);
      if (!(r in seen) || !(c in seen[r]) || seen[r][c] !== 0) return false;
      seen[r][c] = Number(tile.dataset.value);
    }
    return grid.every((row, r) => row.every((v, c) => v === seen[r][c]));
  }

  /** An illegal move: a small nudge of the board and a word for screen readers. */
  _refuse(direction) {
    this.announce(`Cannot move ${direction}.`);
    const board = this.el.board;
    if (this.view.reducedMotion) return;
    board.classList.remove('nudge');
    delete board.dataset.nudge;
    void board.offsetWidth; // restart the CSS animation
    board.dataset.nudge = direction;
    board.classList.add('nudge');
  }

  /** The New game button: asks first if a game is in progress. */
  async requestNewGame() {
    if (this.dialogOpen || this._destroyed) return;
    if (this.inProgress && !(await this.ask(NEW_GAME_QUESTION))) return;
    if (!this._destroyed) await this.newGame();
  }

  /**
   * Replaces the game with a new deal (of `seed`, or a random one) once the current animation
   * is over. `said` is what the live region says before the new game's status.
   */
  async newGame(seed = undefined, said = 'New game.') {
    if (this._resetting || this._destroyed) return;
    this._resetting = true;
    this._queue.length = 0;
    try {
      await this._idle;
      if (this._destroyed) return;
      const old = this.game;
      this.game = this.createGame(seed ?? undefined);
      this._save();
      this.view.draw(this.game, { best: this.best });
      this._syncControls();
      this.announce(`${said} ${this.view.status(this.game)}`);
      if (this.el.gameOverDialog.open) this.el.gameOverDialog.close();
      this._hook(this.onGame, this.game, { restored: false });
      freeGame(old);
    } finally {
      this._resetting = false;
    }
  }

  /**
   * Shows the game-over panel if the game is over, unless a page's own dialog is open (that
   * page calls this again when its dialog closes).
   */
  checkGameOver() {
    if (!this.game || !this.game.isOver() || this._pageDialogOpen()) return false;
    this.showGameOver();
    return true;
  }

  showGameOver() {
    const game = this.game;
    this.el.finalScore.textContent = formatScore(game.score());
    this.el.finalScore.dataset.value = String(game.score());
    if (this.el.scoreSheet && this.view.renderScoreSheet) this.view.renderScoreSheet(this.el.scoreSheet, game);
    this.announce(this.gameOverText(game.score()));
    if (this.el.confirmDialog.open) this.el.confirmDialog.close();
    if (!this.el.gameOverDialog.open) {
      this.el.gameOverDialog.returnValue = '';
      this.el.gameOverDialog.showModal();
    }
  }

  /** Says `text` through the polite live region. */
  announce(text) {
    if (!this._destroyed) announce(this.el.announcer, text);
  }

  notice(text, kind) {
    return showNotice(this.el.notices, text, kind);
  }

  _readBest() {
    const n = Number(this.storage.get(this.keys.best) ?? 0);
    return Number.isSafeInteger(n) && n > 0 ? n : 0;
  }

  _updateBest() {
    const score = this.game.score();
    if (score > this.best) {
      this.best = score;
      this.storage.set(this.keys.best, String(score));
    }
  }

  _save() {
    this.storage.set(this.keys.save, this.game.save());
  }
}

function formatScore(n) {
  return String(n);
}

/** Releases a game's wasm memory; a game already freed (or none) is fine. */
function freeGame(game) {
  try {
    game?.free?.();
  } catch {
    // Already freed: nothing to release.
  }
}

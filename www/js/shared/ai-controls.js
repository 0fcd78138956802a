// Hint and Autoplay for the direction games (Threes, 2048), written once: the game's wiring
// adds `laterAiControls(shell)` (ai.js) beside its shell, which loads this once the
// first board is up, and its view has a place for the controls (#ai-row), which are made
// here (aiElements: #hint, #autoplay, #autoplay-speed, and #hint-arrow on the board).
//
// The thinking is done by the engine's bestMove(budgetMs) in the helpers' worker (helper.js),
// with its own instance of the engine, so the board keeps animating while it thinks. The
// position travels as save text; an answer is used only if it is the latest asked and the game
// is still that position (helper.js's Helper for the hint; Autoplay's loop checks the same), so
// a move, an undo or a new game made meanwhile can never receive a stale answer.
//
// Hint (button, key I: H is vi's left): an arrow on the board toward the suggested move, said
// in the live region; it goes with the next change of position.
// Autoplay (button, key P): plays the AI's moves through shell.enqueue(), the player's own
// path, so animation, score, best, saving, undo and game over work as for the player. The
// speed slider (kept under gridplay.autoplay.speed, one for both games) sets how long the AI
// thinks and the least time between moves. It stops on any input of the player (a move key,
// undo, a touch or click on the board, New game), at game over, and when a dialog opens (the
// 2048 win panel, Settings); it is never saved, so a reload does not resume it.

import { Cancelled, Helper, HelperWorker } from './helper.js';
import { helperKey, isUndoKey, keyDirection, keysBelongTo } from './input.js';

export const SPEED_KEY = 'gridplay.autoplay.speed';

/**
 * The slider's stops, slow to fastest: the search's budget, and the least time from one move
 * to the next (the search and the slide run within it). Slower speeds think longer, so they
 * also play better.
 */
export const SPEEDS = [
  { name: 'Slow', budgetMs: 500, pauseMs: 1200 },
  { name: 'Relaxed', budgetMs: 300, pauseMs: 600 },
  { name: 'Normal', budgetMs: 150, pauseMs: 300 },
  { name: 'Fast', budgetMs: 60, pauseMs: 100 },
  { name: 'Fastest', budgetMs: 20, pauseMs: 0 },
];
const DEFAULT_SPEED = 3;

/** A hint has time for a good search and still answers before the player wonders. */
const HINT_BUDGET_MS = 250;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The controls, made in the view's #ai-row (and the hint's arrow on the board) the first time,
 * the same for every game with the AI: Hint (I), Autoplay (P) and its speed.
 */
export function aiElements() {
  const byId = (id) => document.getElementById(id);
  const row = byId('ai-row');
  if (row && !row.firstChild) {
    row.innerHTML = `<button type="button" id="hint" class="button button-quiet" aria-keyshortcuts="I" title="Hint (I)">Hint</button>
      <button type="button" id="autoplay" class="button button-quiet" aria-pressed="false" aria-keyshortcuts="P" title="Autoplay (P)"><svg class="autoplay-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path class="icon-play" d="M8 5.5v13l10-6.5z"/><path class="icon-stop" d="M7 7h10v10H7z"/></svg>Autoplay</button>
      <label class="ai-speed" for="autoplay-speed">Speed <input type="range" id="autoplay-speed" min="1" max="5" step="1" value="3"></label>`;
    const arrow = document.createElement('div');
    arrow.id = 'hint-arrow';
    arrow.className = 'hint-arrow';
    arrow.setAttribute('aria-hidden', 'true');
    arrow.hidden = true;
    arrow.innerHTML = '<span class="hint-badge"><svg viewBox="0 0 24 24" focusable="false"><path d="M12 19.5V5M5.5 11.5 12 5l6.5 6.5"/></svg></span>';
    byId('board').append(arrow);
  }
  return {
    hint: byId('hint'),
    autoplay: byId('autoplay'),
    speed: byId('autoplay-speed'),
    arrow: byId('hint-arrow'),
    undo: byId('undo'),
    newGame: byId('new-game'),
  };
}

export class AiControls {
  /**
   * @param {import('./shell.js').GameShell} shell the game's shell (its game, queue, storage)
   * @param {object} [options]
   * @param {object} [options.elements] default aiElements()
   */
  constructor(shell, { elements = aiElements() } = {}) {
    this.shell = shell;
    this.el = elements;
    this.worker = new HelperWorker(shell.name, 'the AI');
    /** The AI's move in the position `save`, within `budgetMs`: a promise. */
    this.think = (save, budgetMs) => this.worker.ask('bestMove', { save, budgetMs }).then(({ direction }) => direction);
    this.hints = new Helper(shell, (game) => this.think(game.save(), HINT_BUDGET_MS));
    /** Bumped by every start and stop: a run of Autoplay goes on while it holds its token. */
    this._run = { token: 0, playing: false };
    /** The hint asked for last: the position it is for, its move once known. */
    this._hint = { save: '', direction: null };
    this._speed = this._readSpeed();

    this._onKey = (event) => this._key(event);
    this._onBoard = () => this.stop('Autoplay stopped.');
    this._onHint = () => this.hint();
    this._onAutoplay = () => this.toggle();
    this._onSpeed = () => this._setSpeed(Number(this.el.speed.value));
    this._onPlayerAction = () => this.stop();

    // Capture: these run before the game's own input, so the player's move is never raced by
    // an autoplay move chosen for the position before it.
    this.shell.doc.addEventListener('keydown', this._onKey, true);
    shell.el.board.addEventListener('pointerdown', this._onBoard, true);
    this.el.hint.addEventListener('click', this._onHint);
    this.el.autoplay.addEventListener('click', this._onAutoplay);
    this.el.speed.addEventListener('input', this._onSpeed);
    this.el.undo?.addEventListener('click', this._onPlayerAction);
    this.el.newGame?.addEventListener('click', this._onPlayerAction);
    this._unwatch = shell.watch((what) => this._positionChanged(what));

    this._showSpeed();
    this._sync();
  }

  /** True while Autoplay runs. */
  get playing() {
    return this._run.playing;
  }

  /** Autoplay on, or off (as its button and its key do). */
  toggle() {
    if (this._run.playing) this.stop('Autoplay stopped.');
    else this.start();
  }

  // ---------- Hint ----------

  /** Asks the AI for the current position's move and shows it on the board. */
  async hint() {
    const shell = this.shell;
    const game = shell.game;
    if (!game || shell.destroyed) return;
    // The player wants to choose the move: Autoplay hands over.
    if (this._run.playing) this.stop();
    if (shell.isEnded(game)) {
      shell.announce('No moves left.');
      return;
    }
    const save = game.save();
    if (this._hint.save === save) {
      // Asked again: say it again (or wait for the answer already on its way).
      if (this._hint.direction) shell.announce(`Hint: move ${this._hint.direction}.`);
      return;
    }
    this._hint = { save, direction: null };
    this.el.hint.setAttribute('aria-busy', 'true');
    let direction;
    try {
      direction = await this.hints.ask();
    } catch (error) {
      this._hint.save = '';
      this.el.hint.removeAttribute('aria-busy');
      if (!(error instanceof Cancelled)) shell.announce('The hint could not be worked out; try again.');
      return;
    }
    // null: the board moved on meanwhile (that answer is for a position that is gone), or
    // another question was asked; the one asked last says what happens.
    if (this._hint.save !== save) return;
    this.el.hint.removeAttribute('aria-busy');
    if (!direction) {
      this._hint.save = '';
      return;
    }
    this._hint.direction = direction;
    this._showHint(direction);
    shell.announce(`Hint: move ${direction}.`);
  }

  _showHint(direction) {
    const arrow = this.el.arrow;
    if (!direction) {
      arrow.hidden = true;
      delete arrow.dataset.direction;
      return;
    }
    arrow.dataset.direction = direction;
    arrow.hidden = false;
  }

  /** Forgets the hint (shown or still being worked out). */
  _clearHint() {
    this.hints.forget();
    this._hint = { save: '', direction: null };
    this.el.hint.removeAttribute('aria-busy');
    this._showHint(null);
  }

  // ---------- Autoplay ----------

  /** Starts Autoplay (unless the game has ended or a dialog is open). */
  start() {
    const shell = this.shell;
    // A replay shown in the game's place is watched, not played.
    if (this._run.playing || !shell.game || shell.destroyed || shell.dialogOpen || shell.replaying) return;
    if (shell.isEnded()) {
      shell.announce('No moves left.');
      return;
    }
    this._clearHint();
    const token = this._run.token + 1;
    this._run = { token, playing: true };
    this._sync();
    shell.announce(`Autoplay on, ${this.speed.name.toLowerCase()}. Press P or make any move to take over.`);
    this._autoplay(token).catch((error) => {
      console.warn('gridplay: autoplay failed', error);
      if (this._run.token === token) this.stop();
    });
  }

  /** Stops Autoplay, if it runs, and says `said` (if given). */
  stop(said = '') {
    if (!this._run.playing) return;
    this._run = { token: this._run.token + 1, playing: false };
    this.worker.cancel();
    this._sync();
    if (said) this.shell.announce(said);
  }

  /** The speed now: {name, budgetMs, pauseMs}. */
  get speed() {
    return SPEEDS[this._speed - 1];
  }

  async _autoplay(token) {
    const shell = this.shell;
    const current = () => this._run.token === token && !shell.destroyed;
    let lastMoveAt = -Infinity;
    while (current()) {
      const game = shell.game;
      if (!game || shell.isEnded(game)) {
        // The game-over panel (or its line) says how it ended.
        this.stop();
        return;
      }
      // The engine already holds the position after the last move while that move is still
      // sliding, so the search runs during the slide.
      const save = game.save();
      const { budgetMs, pauseMs } = this.speed;
      let direction;
      try {
        direction = await this.think(save, budgetMs);
      } catch (error) {
        if (!current()) return;
        console.warn('gridplay: the AI did not answer', error);
        this.stop('Autoplay stopped: the AI did not answer.');
        return;
      }
      while (current() && shell.busy) await shell.idle();
      if (!current()) return;
      // Only the player changes the position besides this loop, and that stops it; if it has
      // changed anyway, think again.
      if (shell.game !== game || game.save() !== save) continue;
      if (direction === null || shell.isEnded(game)) continue;
      const wait = lastMoveAt + pauseMs - performance.now();
      if (wait > 0) await sleep(wait);
      if (!current() || shell.game !== game || game.save() !== save) continue;
      // A dialog (2048's win panel, Settings) asks the player something: they take over.
      if (shell.dialogOpen) {
        this.stop('Autoplay stopped.');
        return;
      }
      lastMoveAt = performance.now();
      shell.enqueue(direction);
    }
  }

  _readSpeed() {
    const stored = Number(this.shell.storage.get(SPEED_KEY));
    return Number.isInteger(stored) && stored >= 1 && stored <= SPEEDS.length ? stored : DEFAULT_SPEED;
  }

  _setSpeed(value) {
    if (!Number.isInteger(value) || value < 1 || value > SPEEDS.length) return;
    this._speed = value;
    this.shell.storage.set(SPEED_KEY, String(value));
    this._showSpeed();
  }

  _showSpeed() {
    const input = this.el.speed;
    input.min = '1';
    input.max = String(SPEEDS.length);
    input.value = String(this._speed);
    input.setAttribute('aria-valuetext', this.speed.name);
    input.title = this.speed.name;
  }

  // ---------- the player's input, and the game ----------

  _key(event) {
    if (event.defaultPrevented || event.isComposing || keysBelongTo(event.target)) return;
    // A move or an undo of the player's own: they take over.
    if (isUndoKey(event) || (!event.ctrlKey && !event.altKey && !event.metaKey && keyDirection(event.key))) {
      this.stop('Autoplay stopped.');
      return;
    }
    const helper = helperKey(event);
    if (!helper || this.shell.dialogOpen) return;
    event.preventDefault();
    if (event.repeat) return;
    if (helper === 'hint') this.hint();
    else this._onAutoplay();
  }

  _positionChanged(what) {
    if (what === 'destroy') {
      this.destroy();
      return;
    }
    // A new game, or an undo: the player's doing, and Autoplay hands over.
    if (what !== 'move') this.stop();
    this._clearHint();
    this._sync();
  }

  /** The buttons follow the game: pressed while Autoplay runs, unavailable once it has ended. */
  _sync() {
    const ended = !this.shell.game || this.shell.destroyed || this.shell.isEnded();
    this.el.autoplay.setAttribute('aria-pressed', String(this._run.playing));
    this.el.autoplay.setAttribute('aria-disabled', String((ended || this.shell.replaying) && !this._run.playing));
    this.el.hint.setAttribute('aria-disabled', String(ended));
  }

  /** Stops everything (the route closed); the worker ends. */
  destroy() {
    if (this._destroyed) return;
    this._destroyed = true;
    this._run = { token: this._run.token + 1, playing: false };
    this.hints.forget();
    this.worker.destroy();
    this._unwatch();
    this.shell.doc.removeEventListener('keydown', this._onKey, true);
    this.shell.el.board.removeEventListener('pointerdown', this._onBoard, true);
    this.el.hint.removeEventListener('click', this._onHint);
    this.el.autoplay.removeEventListener('click', this._onAutoplay);
    this.el.speed.removeEventListener('input', this._onSpeed);
    this.el.undo?.removeEventListener('click', this._onPlayerAction);
    this.el.newGame?.removeEventListener('click', this._onPlayerAction);
  }
}

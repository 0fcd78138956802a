// Hint, Autoplay and Solve, written once for every game whose engine offers them (its helps(),
// the game contract): helpers/buttons.js loads this once the first board is up, into the buttons
// the build wrote into the view (#hint, #autoplay with #autoplay-speed, #solve) and the line
// under them where the view has one (#helper-line).
//
// The thinking is the engine's plan(budgetMs) in the helpers' worker (helper.js), with its own
// instance of the engine, so the board keeps animating while it thinks: the AI's next move, or
// a solver's whole solution. The position travels as save text; an answer is used only if it is
// the latest asked and the game is still that position (helper.js's Helper for the hint; the
// playing loop checks the same), so a move, an undo or a new game made meanwhile can never
// receive a stale answer. A solution is remembered at every position along it (plans.js; 5×5's
// is short, not optimal: a fresh search one move along could say more).
//
// Hint (button, key I: H is vi's left): the move, shown on the board (an arrow toward a
// direction; the view's showHint(move) marks a cell's) and said, until the position changes.
// Autoplay and Solve (button, key P): play the helper's moves through the port's play() (the
// mid end's queue, the player's own path), so animation, score, best, saving, undo and the end
// work as for the player. Autoplay asks the AI again before each move, thinking and pausing as
// its speed slider says (gridplay.autoplay.speed, for every game); Solve plays one solution out.
// A hint shown and every move a helper plays are help the game took (the port's helped(),
// standing.js): such a game is counted "with help", apart from the player's own, and keeps no
// best. Both stop on any input of the player (a move key, undo, a touch or click on the board,
// New game), at the end, and when a dialog opens; they are never saved, so a reload does not
// resume them.
//
// All they see of the game is the port the mid end gives them (load-helpers.js's HelpersPort).

import { Cancelled, Helper, HelperWorker } from './helper.js';
import { Plans } from './plans.js';
import { SPEEDS, keepSpeed, readSpeed } from './autoplay-speed.js';
import { helperKey, isUndoKey, keyDirection, notTheGames, onKey } from '../input/keys.js';
import { movesText } from '../ui/ui.js';

/** A hint has time for a good search and still answers before the player wonders. */
const HINT_BUDGET_MS = 250;

/** The pause between the moves Solve plays: the whole solution in about 10 s, within limits. */
const solveStepMs = (length) => Math.max(110, Math.min(320, Math.round(10000 / Math.max(1, length))));

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export class HelperControls {
  /** @param {import('./load-helpers.js').HelpersPort} port what the helpers see of the game
   * (its board, its queue, its view's hints) */
  constructor(port) {
    this.port = port;
    const { helps } = port;
    /** What plays on: 'autoplay', 'solve' or null, and its button's name. */
    this.playsOn = ['autoplay', 'solve'].find((help) => helps.includes(help)) ?? null;
    this.label = { autoplay: 'Autoplay', solve: 'Solve' }[this.playsOn] ?? '';
    /** The page: its buttons, its keys and the hint's arrow. */
    this.doc = port.doc;
    const byId = (id) => this.doc.getElementById(id);
    this.el = {
      hint: byId('hint'), play: this.playsOn && byId(this.playsOn), speed: byId('autoplay-speed'),
      line: byId('helper-line'), undo: byId('undo'), newGame: byId('new-game'), arrow: this._arrow(),
    };
    this.worker = new HelperWorker(port.name, 'the helper');
    /** The plans asked of the worker, remembered (plans.js). */
    this.plans = new Plans(this.worker, this.playsOn === 'solve');
    this.hints = new Helper(port, (game) => this.plan(game.save(), HINT_BUDGET_MS));
    /** Bumped by every start and stop: a run of Autoplay or Solve goes on while it holds its token. */
    this._run = { token: 0, playing: false };
    /** The hint asked for last: the position it is for, and its words once known. */
    this._hint = { save: '', said: '' };
    /** The solver's plan from the game's start, once known (a solved panel shows its length). */
    this.fromStart = { id: '', plan: null };
    this._speed = readSpeed(port.storage);

    // Keys come before the game's own (their layer, input/keys.js) and presses on the board are
    // captured: the player's move is never raced by a helper's move chosen for the position
    // before it.
    this._offKeys = onKey(this.doc, 'helpers', (event) => this._key(event));
    this._listeners = [
      [port.board, 'pointerdown', () => this.stop(`${this.label} stopped.`), true],
      [this.el.hint, 'click', () => this.hint()],
      [this.el.play, 'click', () => this.toggle()],
      [this.el.speed, 'input', () => this._setSpeed(Number(this.el.speed.value))],
      [this.el.undo, 'click', () => this.stop()],
      [this.el.newGame, 'click', () => this.stop()],
    ];
    for (const [target, type, listener, capture] of this._listeners) target?.addEventListener(type, listener, capture);
    this._unwatch = port.watch((what) => this._positionChanged(what));

    // The slider has shown the kept speed since the first board; the player may have moved it.
    if (this.el.speed) this._setSpeed(Number(this.el.speed.value));
    // Each deal solved ahead of a first Hint, a moment on (the first of a visit builds the
    // solver's tables, which a Hint would otherwise wait for); a replay's judge asks first.
    setTimeout(() => this._learnFromStart(), 500);
    this._sync();
  }

  /** True while Autoplay or Solve plays. */
  get playing() {
    return this._run.playing;
  }

  /** The helper's plan from the position `save`: a promise of {moves, solution, shortest, why}. */
  plan(save, budgetMs) {
    return this.plans.ask(save, budgetMs);
  }

  /** Says `text` in the live region and on the helper's line, if the view has one. */
  say(text) {
    if (this.el.line) this.el.line.textContent = text;
    if (text) this.port.announce(text);
  }

  /** Says `text` where it is seen too: on the helper's line, or in a notice where the view has
   * none (a hint shown on the board says itself; a hint that is none does not). */
  _sayShown(text) {
    this.say(text);
    if (!this.el.line) this.port.notice(text);
  }

  // ---------- Hint ----------

  /** Asks the helper for the current position's move, and shows and says it. */
  async hint() {
    const { port } = this;
    const game = port.game();
    if (!game || port.closed()) return;
    // The player wants to choose the move: the helper hands over.
    this.stop();
    if (port.isEnded(game)) {
      port.announce('No moves left.');
      return;
    }
    // A paused game's board is hidden: nothing on it is shown until Play on.
    if (port.paused()) return;
    const save = game.save();
    if (this._hint.save === save) {
      // Asked again: say it again (or wait for the answer already on its way).
      if (this._hint.said) this.say(this._hint.said);
      return;
    }
    // A game of the player's own asks first: a hint costs it its standing. Answered, it is
    // still that position, or the hint is not for it.
    if (!(await port.mayHelp('hint')) || port.game() !== game || game.save() !== save || port.closed()) return;
    this._hint = { save, said: '' };
    this.el.hint.setAttribute('aria-busy', 'true');
    if (this.el.line) this.el.line.textContent = 'Looking for the best move…';
    // A solver's first search of a visit builds its tables (Fifteen's 4×4 and 5×5: seconds,
    // once): the line says why the wait, if there is one.
    if (this.el.line && this.playsOn === 'solve') {
      setTimeout(() => {
        if (this._hint.save === save && !this._hint.said) this.el.line.textContent = 'Still looking: a first search builds the solver’s tables, once.';
      }, 1000);
    }
    let plan;
    try {
      // The wait for the answer is not the player's time (a timed game's clock stands).
      port.thinking(true);
      plan = await this.hints.ask();
    } catch (error) {
      if (this._hint.save !== save) return;
      this._clearHint();
      if (!(error instanceof Cancelled)) this.say('The hint could not be worked out; try again.');
      return;
    } finally {
      port.thinking(false);
    }
    // null: the board moved on meanwhile (that answer is for a position that is gone), or
    // another question was asked; the one asked last says what happens.
    if (this._hint.save !== save) return;
    this.el.hint.removeAttribute('aria-busy');
    const move = plan?.moves[0];
    if (move === undefined) {
      this._hint.save = '';
      // No move while the game goes on (a Minesweeper board that leaves a guess): why, where
      // the player sees it.
      if (plan?.why) this._sayShown(`No hint: ${plan.why}.`);
      return;
    }
    const words = port.hintText(move, game) ?? `move ${move}`;
    this._hint.said = `Hint: ${words}.${plan.solution ? ` ${movesText(plan.moves.length)} to go.` : ''}`;
    // Counted as help first: the best this game kept goes back, the board drawn again, before
    // the hint is marked on it.
    port.helped('hints', game);
    this._showHint(move);
    this.say(this._hint.said);
  }

  /** Shows `move` on the board (the view marks it, or an arrow points its direction); null clears. */
  _showHint(move) {
    if (this.port.marksHints) {
      this.port.showHint(move);
      return;
    }
    this.el.arrow.hidden = move === null;
    if (move === null) delete this.el.arrow.dataset.direction;
    else this.el.arrow.dataset.direction = move;
  }

  /** The arrow a direction's hint shows on the board, hidden (a view with showHint has none). */
  _arrow() {
    if (this.port.marksHints) return null;
    const arrow = this.doc.createElement('div');
    arrow.id = 'hint-arrow';
    arrow.className = 'hint-arrow';
    arrow.setAttribute('aria-hidden', 'true');
    arrow.hidden = true;
    arrow.innerHTML = '<span class="hint-badge"><svg viewBox="0 0 24 24" focusable="false"><path d="M12 19.5V5M5.5 11.5 12 5l6.5 6.5"/></svg></span>';
    this.port.board.append(arrow);
    return arrow;
  }

  /** Forgets the hint (shown or still being worked out). */
  _clearHint() {
    this.hints.forget();
    this._hint = { save: '', said: '' };
    this.el.hint?.removeAttribute('aria-busy');
    this._showHint(null);
  }

  // ---------- Autoplay and Solve ----------

  /** Autoplay or Solve on, or off (as its button and its key do). */
  toggle() {
    if (this._run.playing) this.stop(`${this.label} stopped.`);
    else this.start();
  }

  /** Starts playing the helper's moves (unless the game has ended or a dialog is open); a
   * game of the player's own asks first. */
  async start() {
    const { port } = this;
    // A replay shown in the game's place is watched, not played.
    const may = () => this.playsOn && !this._run.playing && port.game() && !port.closed() && !port.blocked() && !port.replaying();
    if (!may()) return;
    if (port.isEnded()) {
      port.announce('No moves left.');
      return;
    }
    const game = port.game();
    if (!(await port.mayHelp('moves')) || port.game() !== game || !may() || port.isEnded()) return;
    this._clearHint();
    const token = this._run.token + 1;
    this._run = { token, playing: true };
    this._sync();
    if (this.playsOn === 'autoplay') port.announce(`Autoplay on, ${this.speed.name.toLowerCase()}. Press P or make any move to take over.`);
    this._play(token).catch((error) => {
      console.warn('gridplay: the helper failed', error);
      if (this._run.token === token) this.stop();
    });
  }

  /** Stops Autoplay or Solve, if it plays, and says `said` (if given). */
  stop(said = '') {
    if (!this._run.playing) return;
    this._run = { token: this._run.token + 1, playing: false };
    // A search under way for it ends (the worker with it: a search cannot be interrupted).
    this.plans.cancel();
    this._sync();
    if (said) this.say(said);
  }

  /** Autoplay's speed now: {name, budgetMs, pauseMs}. */
  get speed() {
    return SPEEDS[this._speed - 1];
  }

  async _play(token) {
    const { port } = this;
    const current = () => this._run.token === token && !port.closed();
    let lastMoveAt = -Infinity;
    let pauseMs = this.speed.pauseMs;
    let first = true;
    while (current()) {
      const game = port.game();
      if (!game || port.isEnded(game)) {
        // The end's panel (or its line) says how it ended.
        this.stop();
        return;
      }
      // The engine already holds the position after the last move while that move is still
      // sliding, so the search runs during the slide.
      const save = game.save();
      const solving = this.playsOn === 'solve';
      if (solving && first && this.el.line && !this.plans.knows(save)) this.el.line.textContent = 'Looking for a solution…';
      let plan;
      try {
        plan = await this.plan(save, solving ? 0 : this.speed.budgetMs);
      } catch (error) {
        if (!current()) return;
        if (!(error instanceof Cancelled)) console.warn('gridplay: the helper did not answer', error);
        this.stop(`${this.label} stopped: the helper did not answer; try again.`);
        return;
      }
      if (!current()) return;
      if (first && plan.solution) {
        this.say(`${plan.shortest ? 'The shortest solution' : 'A short solution'} takes ${movesText(plan.moves.length)}.`);
        pauseMs = solveStepMs(plan.moves.length);
      } else if (!solving) {
        pauseMs = this.speed.pauseMs;
      }
      first = false;
      while (current() && port.busy()) await port.idle();
      if (!current()) return;
      // Only the player changes the position besides this loop, and that stops it; if it has
      // changed anyway, think again.
      if (port.game() !== game || game.save() !== save) continue;
      if (plan.moves.length === 0) {
        this.stop();
        return;
      }
      const wait = lastMoveAt + pauseMs - performance.now();
      if (wait > 0) await sleep(wait);
      if (!current() || port.game() !== game || game.save() !== save) continue;
      // A dialog (2048's win panel, Settings) asks the player something: they take over.
      if (port.blocked()) {
        this.stop(`${this.label} stopped.`);
        return;
      }
      lastMoveAt = performance.now();
      port.play(plan.moves[0]);
    }
  }

  _setSpeed(value) {
    if (!Number.isInteger(value) || value < 1 || value > SPEEDS.length) return;
    this._speed = value;
    keepSpeed(this.port.storage, value);
    this._showSpeed();
  }

  _showSpeed() {
    const input = this.el.speed;
    input.value = String(this._speed);
    input.setAttribute('aria-valuetext', this.speed.name);
    input.title = this.speed.name;
  }

  // ---------- the solution from the start ----------

  /** The end panel's rows of the helpers: the solver's solution from the start (the shortest,
   * or the solver's own where it cannot promise that). */
  facts(game) {
    const rows = [];
    if (this.playsOn === 'solve') {
      const plan = this.fromStart.id === game.startId() ? this.fromStart.plan : null;
      rows.push([plan && !plan.shortest ? 'Solver’s solution' : 'Optimal', plan ? movesText(plan.moves.length) : 'working it out…']);
    }
    return rows;
  }

  /** Works out the solver's plan from the game's start, once a deal (not a replay's game). */
  _learnFromStart() {
    const game = this.port.game();
    if (this.playsOn !== 'solve' || !game || this.port.replaying() || this.port.closed()) return;
    const id = game.startId();
    if (this.fromStart.id === id) return;
    this.fromStart = { id, plan: null };
    const start = game.atStep(0);
    const save = start.save();
    start.free();
    this.plan(save, 0).then((plan) => {
      if (this.fromStart.id !== id) return;
      this.fromStart.plan = plan;
      this.port.redrawEndFacts();
    }, (error) => {
      // Stopping a Solve ends the worker and this search with it: ask again.
      if (!(error instanceof Cancelled) || this.fromStart.id !== id || this.port.closed()) return;
      this.fromStart.id = '';
      this._learnFromStart();
    });
  }

  // ---------- the player's input, and the game ----------

  _key(event) {
    if (event.defaultPrevented || event.isComposing || notTheGames(event)) return;
    // A move or an undo of the player's own: they take over.
    if (isUndoKey(event) || (!event.ctrlKey && !event.altKey && !event.metaKey && keyDirection(event.key))) {
      this.stop(`${this.label} stopped.`);
      return;
    }
    const helper = helperKey(event);
    if (!helper || this.port.blocked() || (helper === 'hint' ? !this.el.hint : !this.playsOn)) return;
    event.preventDefault();
    if (event.repeat) return;
    if (helper === 'hint') this.hint();
    else this.toggle();
  }

  _positionChanged(what) {
    if (what === 'destroy') {
      this.destroy();
      return;
    }
    // Only a change of the position matters here.
    if (!['move', 'undo', 'game', 'ended', 'replay-ended'].includes(what)) return;
    // A new game, or an undo: the player's doing, and the helper hands over.
    if (what !== 'move') this.stop();
    if (what === 'game' && this.el.line) this.el.line.textContent = '';
    this._clearHint();
    if (what === 'move' || what === 'game') this._learnFromStart();
    this._sync();
  }

  /** The buttons follow the game: pressed while playing, unavailable once it has ended. */
  _sync() {
    const { port } = this;
    const ended = !port.game() || port.closed() || port.isEnded();
    const playing = this._run.playing;
    this.el.hint?.setAttribute('aria-disabled', String(ended));
    const play = this.el.play;
    if (!play) return;
    play.setAttribute('aria-pressed', String(playing));
    play.setAttribute('aria-disabled', String((ended || port.replaying()) && !playing));
    if (this.playsOn === 'solve') play.textContent = playing ? 'Stop' : 'Solve';
  }

  /** Stops everything (the route closed); the worker ends. */
  destroy() {
    if (this._destroyed) return;
    this._destroyed = true;
    this._run = { token: this._run.token + 1, playing: false };
    this.hints.forget();
    this.worker.destroy();
    this._unwatch();
    this._offKeys();
    for (const [target, type, listener, capture] of this._listeners) target?.removeEventListener(type, listener, capture);
  }
}

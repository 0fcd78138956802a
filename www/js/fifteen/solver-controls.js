// Fifteen's Hint and Solve, and the optimal length the solved panel shows, all from the solver
// (solver.js, in the helpers' worker). Hint (button, key I as in every game with a hint) marks
// the tile to move and says how many moves are left; Solve looks for the shortest solution (a
// short one on 5×5) and plays it through shell.enqueue(), the player's own path, until the
// puzzle is solved, the player moves, or Stop. A game Solve finished is "assisted" (kept with
// its clock, shell.clock.extra) and sets no best.

import { Helper } from '../shared/helper.js';
import { helperKey } from '../shared/input.js';
import { Cancelled, Solver } from './solver.js';
import { movesText } from './view.js';

/** The pause between the moves Solve plays: the whole solution in about 10 s, within limits. */
const solveStepMs = (length) => Math.max(110, Math.min(320, Math.round(10000 / Math.max(1, length))));

export class SolverControls {
  constructor(shell, view, { hint, solve, line }) {
    Object.assign(this, { shell, view, el: { hint, solve, line } });
    this.solver = new Solver();
    this.hints = new Helper(shell, (game) => this.solver.solve(game.tiles()));
    /** Solve's state: 'idle', 'thinking' (the worker searches) or 'playing' (moves under way). */
    this.solving = { state: 'idle', timer: 0, token: 0 };
    /** The solver's length from the game's start, once known: {id, length}. */
    this.optimal = { id: '', length: null };
    this._onKey = (event) => {
      if (helperKey(event) !== 'hint' || shell.dialogOpen) return;
      event.preventDefault();
      if (!event.repeat) this.hint();
    };
    this._onHint = () => this.hint();
    this._onSolve = () => this.solve();
    hint.addEventListener('click', this._onHint);
    solve.addEventListener('click', this._onSolve);
    document.addEventListener('keydown', this._onKey);
  }

  get assisted() {
    return Boolean(this.shell.clock.extra.assisted);
  }

  say(text) {
    this.el.line.textContent = text;
    if (text) this.shell.announce(text);
  }

  sync() {
    const busy = this.solving.state !== 'idle';
    const solved = !this.shell.game || this.shell.game.isSolved();
    this.el.solve.textContent = busy ? 'Stop' : 'Solve';
    this.el.solve.setAttribute('aria-pressed', String(busy));
    this.el.solve.setAttribute('aria-disabled', String(solved && !busy));
    this.el.hint.setAttribute('aria-disabled', String(solved || busy));
  }

  /** Ends Solve (the player stopped it, played a move, or it finished), saying `said`. */
  stop(said = '') {
    if (this.solving.state === 'idle') return;
    if (this.solving.state === 'thinking') this.solver.cancel();
    clearTimeout(this.solving.timer);
    this.solving = { state: 'idle', timer: 0, token: this.solving.token + 1 };
    if (said) this.say(said);
    this.sync();
  }

  /** A move of the player's own: it stops Solve (the player took over). */
  playerMoved() {
    if (this.solving.state !== 'idle') this.stop('Solve stopped.');
  }

  async hint() {
    const game = this.shell.game;
    if (!game || game.isSolved() || this.solving.state !== 'idle') return;
    this.el.line.textContent = 'Looking for the best move…';
    let solution;
    try {
      solution = await this.hints.ask();
    } catch (error) {
      if (!(error instanceof Cancelled)) this.el.line.textContent = 'The solver did not answer; try again.';
      return;
    }
    if (!solution) return; // the board moved on meanwhile: that hint is for a position that is gone
    this.view.showHint(solution[0]);
    this.say(`Hint: move tile ${solution[0]}. ${movesText(solution.length)} to go.`);
  }

  async solve() {
    if (this.solving.state !== 'idle') {
      this.stop('Solve stopped.');
      return;
    }
    const { shell } = this;
    const game = shell.game;
    // A replay shown in the game's place is watched, not played.
    if (!game || game.isSolved() || shell.replaying) return;
    const token = this.solving.token + 1;
    this.solving = { state: 'thinking', timer: 0, token };
    this.sync();
    this.view.showHint(null);
    this.el.line.textContent = game.size() === 5 ? 'Looking for a short solution…' : 'Looking for the shortest solution…';
    let solution;
    try {
      await shell.idle();
      solution = await this.solver.solve(game.tiles());
    } catch (error) {
      if (this.solving.token === token) this.stop(error instanceof Cancelled ? '' : 'The solver did not answer; try again.');
      return;
    }
    if (this.solving.token !== token || shell.game !== game) return;
    this.say(`${game.size() === 5 ? 'A short solution' : 'The shortest solution'} takes ${movesText(solution.length)}.`);
    this.solving.state = 'playing';
    shell.clock.extra.assisted = true;
    shell.clock.save();
    this.sync();
    const step = solveStepMs(solution.length);
    const play = (i) => {
      if (this.solving.token !== token || shell.game !== game) return;
      const cell = game.tiles().indexOf(solution[i]);
      // Done, or the board is not where the solution expects (the player undid a move): stop.
      if (i >= solution.length || game.tilesToSlide(cell) !== 1) {
        this.stop(i >= solution.length ? '' : 'Solve stopped.');
        return;
      }
      shell.enqueue(cell);
      this.solving.timer = setTimeout(() => shell.idle().then(() => play(i + 1)), step);
    };
    play(0);
  }

  /** The solver's length from the game's start: its first job for each game, once the player
   * plays (never during the page's first load), for the solved panel. */
  learnOptimal(game) {
    const id = game.startId();
    if (this.optimal.id === id) return;
    this.optimal = { id, length: null };
    this.solver.solve(game.startTiles()).then((solution) => {
      if (this.optimal.id !== id) return;
      this.optimal.length = solution.length;
      if (this.shell.el.gameOverDialog.open) this.view.renderScoreSheet(this.shell.el.scoreSheet, this.shell.game);
    }, () => {
      // Stopping a Solve ends the worker and this search with it: ask again.
      if (this.optimal.id !== id || this.shell.destroyed) return;
      this.optimal.id = '';
      if (this.shell.game) this.learnOptimal(this.shell.game);
    });
  }

  onGame() {
    this.stop();
    this.hints.forget();
    this.view.showHint(null);
    this.el.line.textContent = '';
    this.sync();
  }

  onMove(game) {
    this.hints.forget();
    this.view.showHint(null);
    this.learnOptimal(game);
    this.sync();
  }

  destroy() {
    document.removeEventListener('keydown', this._onKey);
    this.el.hint.removeEventListener('click', this._onHint);
    this.el.solve.removeEventListener('click', this._onSolve);
    this.stop();
    this.hints.forget();
    this.solver.destroy();
  }
}

// A game's helpers (the AI's hint and autoplay, the solver's hint and solution, the computer's
// reply), written once. A helper thinks about the position on the board, in the helpers' worker
// (worker.js, through HelperWorker) for a search, or on the page for a reply as quick as
// tic-tac-toe's; and its answer is handed over only if it is the latest question asked and the
// board still shows the position it was asked about, so a move, an undo or a new game made
// meanwhile never receives a stale answer.

import { Cancelled, WorkerClient } from './worker-client.js';

export { Cancelled };

/** The page's side of worker.js: one game's questions, answered by promise. */
export class HelperWorker {
  /**
   * @param {string} game  the game asked about, by its route ('threes', '2048', 'fifteen')
   * @param {string} what    who answers, for the error of a worker that fails ("the solver")
   */
  constructor(game, what) {
    this.game = game;
    this._client = new WorkerClient(new URL('./worker.js', import.meta.url), what);
  }

  /** The worker's answer to `job` (see worker.js) with `data`: a promise. */
  ask(job, data) {
    return this._client.request({ game: this.game, job, ...data });
  }

  /** Stops every search under way (ending the worker); their promises reject with Cancelled. */
  cancel() {
    this._client.cancel();
  }

  /** Ends the worker for good (the route closed). */
  destroy() {
    this._client.destroy();
  }
}

export class Helper {
  /**
   * @param {{game: () => object | null, closed: () => boolean}} port  the game the questions
   *        are about: the game shown, and whether its route has closed (the helpers' port,
   *        load-helpers.js, is one)
   * @param {(game: object, ...args: any[]) => any} think  the answer for `game` as it is now
   *        (or a promise of it); it may reject (Cancelled when its search was stopped)
   */
  constructor(port, think) {
    this.port = port;
    this.think = think;
    this._latest = 0;
  }

  /**
   * The answer for the position on the board now, or null if by the time it came the board had
   * moved on, another question had been asked, or forget() was called. Rejects as `think` does,
   * for the latest question only.
   */
  async ask(...args) {
    const game = this.port.game();
    if (!game || this.port.closed()) return null;
    const save = game.save();
    const id = ++this._latest;
    let answer;
    try {
      answer = await this.think(game, ...args);
    } catch (error) {
      if (id !== this._latest) return null;
      throw error;
    }
    return id === this._latest && this.shows(game, save) ? answer : null;
  }

  /** True while the board shows `game` at the position `save`. */
  shows(game, save) {
    return !this.port.closed() && this.port.game() === game && game.save() === save;
  }

  /** Drops every answer still on its way. */
  forget() {
    this._latest += 1;
  }
}

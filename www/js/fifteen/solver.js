// The page's side of the solver worker (solver-worker.js): solutions by promise, remembered
// per position, and a cancel that really stops the search.

const WORKER_URL = new URL('./solver-worker.js', import.meta.url);

/** Thrown (as the rejection) for a search that was cancelled. */
export class Cancelled extends Error {
  constructor() {
    super('the search was stopped');
    this.name = 'Cancelled';
  }
}

export class Solver {
  constructor() {
    this._worker = null;
    this._pending = new Map();
    this._nextId = 1;
    // Positions solved this visit (tiles joined → solution), so Hint after Solve, or the
    // solved panel's optimal length after a Hint, costs nothing.
    this._known = new Map();
  }

  /** The solution for `tiles` (reading order, 0 the blank): a promise of tile numbers. */
  solve(tiles) {
    const key = tiles.join(',');
    const known = this._known.get(key);
    if (known) return Promise.resolve(known);
    return this._ask({ tiles: [...tiles] }).then((solution) => {
      if (this._known.size > 200) this._known.clear();
      this._known.set(key, solution);
      return solution;
    });
  }

  /** Stops every search under way; their promises reject with Cancelled. */
  cancel() {
    if (!this._worker) return;
    this._worker.terminate();
    this._worker = null;
    for (const { reject } of this._pending.values()) reject(new Cancelled());
    this._pending.clear();
  }

  /** Ends the worker for good (the route closed). */
  destroy() {
    this.cancel();
  }

  _ask(message) {
    const worker = this._start();
    const id = this._nextId++;
    return new Promise((resolve, reject) => {
      this._pending.set(id, { resolve, reject });
      worker.postMessage({ id, ...message });
    });
  }

  _start() {
    if (this._worker) return this._worker;
    const worker = new Worker(WORKER_URL, { type: 'module' });
    worker.addEventListener('message', ({ data }) => {
      const request = this._pending.get(data.id);
      if (!request) return;
      this._pending.delete(data.id);
      if (data.error) request.reject(new Error(data.error));
      else request.resolve(data.solution);
    });
    worker.addEventListener('error', (event) => {
      // The worker could not start or crashed: fail what was asked, start afresh next time.
      event.preventDefault?.();
      const error = new Error(`the solver stopped: ${event.message ?? 'worker error'}`);
      for (const { reject } of this._pending.values()) reject(error);
      this._pending.clear();
      this._worker?.terminate();
      this._worker = null;
    });
    this._worker = worker;
    return worker;
  }
}

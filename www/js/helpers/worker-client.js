// The page's side of a module worker that answers requests (the Fifteen solver, the AI of
// Threes and 2048): each request goes as {id, ...message}, each answer comes back as
// {id, ...answer} or {id, error}, and is handed over by promise. A search inside wasm cannot be
// interrupted from inside, so cancel() ends the worker; the next request starts a fresh one.

/** Thrown (as the rejection) for a request whose search was stopped. */
export class Cancelled extends Error {
  constructor() {
    super('the search was stopped');
    this.name = 'Cancelled';
  }
}

export class WorkerClient {
  /**
   * @param {URL} url  the module worker's script
   * @param {string} what  who answers, for the error of a worker that fails ("the solver")
   */
  constructor(url, what) {
    this.url = url;
    this.what = what;
    this._worker = null;
    this._pending = new Map();
    this._nextId = 1;
  }

  /** The worker's answer to `message`: a promise of the answer's data. */
  request(message) {
    const worker = this._start();
    const id = this._nextId++;
    return new Promise((resolve, reject) => {
      this._pending.set(id, { resolve, reject });
      worker.postMessage({ id, ...message });
    });
  }

  /** Stops every search under way (ending the worker); their promises reject with Cancelled.
   * With nothing under way the worker stays, with whatever tables it has built. */
  cancel() {
    if (this._pending.size === 0) return;
    this._fail(new Cancelled());
  }

  /** Ends the worker for good (the route closed). */
  destroy() {
    this._fail(new Cancelled());
  }

  _fail(error) {
    this._worker?.terminate();
    this._worker = null;
    const pending = [...this._pending.values()];
    this._pending.clear();
    for (const { reject } of pending) reject(error);
  }

  _start() {
    if (this._worker) return this._worker;
    const worker = new Worker(this.url, { type: 'module' });
    worker.addEventListener('message', ({ data }) => {
      const request = this._pending.get(data.id);
      if (!request) return;
      this._pending.delete(data.id);
      if (data.error) request.reject(new Error(data.error));
      else request.resolve(data);
    });
    worker.addEventListener('error', (event) => {
      // The worker could not start or crashed: fail what was asked, start afresh next time.
      event.preventDefault?.();
      this._fail(new Error(`${this.what} stopped: ${event.message ?? 'worker error'}`));
    });
    this._worker = worker;
    return worker;
  }
}
